"""`make screenshots`, the Prepare feed part: the dialog not ready and ready, a draft while
the reply streams in from a real chat server on 127.0.0.1, a reasoning model's draft with its
思考 pane and usage line, Feed ▸ Usage, and the history diff.

The chat server is the test suite's (tests/llm/chat_server.py), so this runs from a checkout.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from PySide6.QtWidgets import QWidget

from workbench.book.layout import Role
from workbench.secret_text import SecretStr
from workbench.settings import LlmSettings, ProfileSettings, save_settings

SIZE = (1280, 720)
REPLY = "# 第13章 余烬\n\n" + "".join(
    f"灯芯爆出第{i}点火星时，沈砚才发觉长明殿里只剩他一人。他把灯牌压在掌心，"
    "听见殿外的松涛一阵紧过一阵。\n\n"
    for i in range(1, 30)
)
THOUGHT = (
    "本章是情感章，先让沈青棠在药庐里提起那瓶不收钱的药，看陆照接不接得上；他接不上，"
    "她便知道他烧掉了初遇的那个下午。灯纹的伏笔计划在第18章回收，这里只让红痕再亮一次。"
)
# What a DeepSeek server reports for such a call (its cache held the book's stable head).
USAGE = {
    "prompt_tokens": 11_890,
    "completion_tokens": 1_460,
    "prompt_cache_hit_tokens": 9_984,
    "prompt_cache_miss_tokens": 1_906,
    "completion_tokens_details": {"reasoning_tokens": 212},
}
# Example prices per million tokens for the picture (set your provider's in Settings).
PRICES = ProfileSettings(
    price_input_hit=0.2, price_input_miss=2.0, price_output=3.0, currency="CNY"
)


def _chat_server(repo: Path) -> ModuleType:
    name = "workbench_screenshot_chat_server"
    spec = importlib.util.spec_from_file_location(name, repo / "tests" / "llm" / "chat_server.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def render_prepare(
    window, out_dir: Path, repo: Path, save: Callable[[QWidget, Path], Path], settle
) -> list[Path]:  # type: ignore[no-untyped-def]
    """Render the four Prepare feed screenshots; returns their paths."""
    written: list[Path] = []
    project = window.project
    fixed = project.role_path(Role.FIXED_CONTEXT)
    kept = fixed.read_bytes()
    fixed.unlink()
    window.open_path(project.plan_file(13))
    dialog = window.prepare.open_default()
    dialog.resize(*SIZE)
    written.append(save(dialog, out_dir / "prepare-not-ready.png"))
    fixed.write_bytes(kept)
    dialog.refresh()
    written.append(save(dialog, out_dir / "prepare-ready.png"))

    chat = _chat_server(repo)
    with chat.running() as server:
        server.play(chat.Reply("ok", REPLY, chunk_size=8, delay=0.03))
        llm = LlmSettings(base_url=server.url, model="deepseek-chat", api_key=SecretStr("sk-x"))
        window.apply_settings(window.settings.model_copy(update={"llm": llm}))
        job = dialog.send()
        settle(1500)
        written.append(save(dialog, out_dir / "prepare-draft.png"))
        job.cancel()
        job.wait(5)

        save_settings(window.settings.model_copy(update={"profiles": {"deepseek-v4": PRICES}}))
        dialog.refresh()
        reply = chat.Reply("ok", REPLY[:400], reasoning=THOUGHT, usage=USAGE, chunk_size=40)
        server.play(reply)
        job = dialog.send()
        job.wait(10)
        settle(600)
        written.append(save(dialog, out_dir / "prepare-draft-usage.png"))
        usage = window.open_usage()
        usage.resize(980, 360)
        settle(200)
        written.append(save(usage, out_dir / "usage-view.png"))
        usage.close()

    plan = project.plan_file(13)
    text = project.read(plan).text
    project.write(plan, text.rstrip("\n") + "\n- 新增：灯芯里藏着一封信，留到第15章揭开。\n")
    dialog.refresh()
    dialog.save()
    dialog.tabs.setCurrentWidget(dialog.history)
    dialog.history.table.selectAll()
    dialog.history.compare_selected()
    written.append(save(dialog, out_dir / "prepare-history.png"))
    project.write(plan, text)
    dialog.close()
    return written
