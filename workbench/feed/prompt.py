"""The chat messages a feed is sent as: one system message for the whole book, and the feed's
Markdown, exactly as previewed and copied, as the user message.

The system message is the same for every agent and every chapter, so it never breaks the
prefix a provider caches (DeepSeek's context cache, OpenAI's prompt caching). What differs
per call — the agent's role, the chapter, the checklist — is in the feed itself, after the
material (see `render.feed_markdown`).

Both texts come from a template file the author can edit: the project's own
`agent-system.md` next to the style anchor (`meta/` in the default layout) when it exists,
else the one shipped in `workbench/templates/prompts/`. Its `## 系统消息` section is the
system message (taken as written: no placeholders, so it stays byte-identical); one
`## AgentName` section per agent is that agent's task, with `{chapter}` and `{agent}` filled in.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from workbench.book import gate
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.book.textio import UTF8

PROMPTS_FILE = "agent-system.md"
SYSTEM_SECTION = "系统消息"
FALLBACK_TASK = "你是这部长篇网络小说的 {agent}。请处理第{chapter}章。"


def default_prompts() -> str:
    """The shipped template's text."""
    return (resources.files("workbench") / "templates" / "prompts" / PROMPTS_FILE).read_text(
        encoding=UTF8
    )


def prompts_path(project: Project) -> Path:
    """Where the project's editable copy lives (beside the style anchor)."""
    return project.role_path(Role.STYLE_ANCHOR).parent / PROMPTS_FILE


def ensure_prompts_file(project: Project) -> Path:
    """The project's copy, created from the shipped template if it does not exist yet."""
    path = prompts_path(project)
    if not path.exists():
        gate.write_text(path, default_prompts(), UTF8, root=project.root)
    return path


def _section(project: Project, title: str) -> tuple[str, str] | None:
    """(body, where it came from) of the first non-empty `## title` section: the project's
    file, else the shipped template."""
    path = prompts_path(project)
    sources = []
    if path.is_file():
        sources.append((project.read(path).text, project.relative(path)))
    sources.append((default_prompts(), ""))
    for text, where in sources:
        for section in sections(text):
            if section.level == 2 and section.title.strip() == title:
                body = section.body(text).strip()
                if body:
                    return body, where
    return None


def system_message(project: Project) -> str:
    """The book's one system message (every agent, every chapter)."""
    found = _section(project, SYSTEM_SECTION)
    assert found is not None, "the shipped template has a 系统消息 section"
    return found[0]


def agent_task(project: Project, agent: str, chapter: int) -> tuple[str, str]:
    """(the agent's task for `chapter`, the file it came from — "" for the shipped one)."""
    found = _section(project, agent)
    body, where = found if found is not None else (FALLBACK_TASK, "")
    return body.replace("{chapter}", str(chapter)).replace("{agent}", agent), where


def chat_messages(project: Project, feed_markdown: str) -> list[dict]:
    """The messages of the chat completion: the book's system message, then the feed."""
    return [
        {"role": "system", "content": system_message(project)},
        {"role": "user", "content": feed_markdown},
    ]
