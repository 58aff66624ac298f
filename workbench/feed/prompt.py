"""The chat messages a feed is sent as: a short system message naming the agent's role, and
the feed's Markdown, exactly as previewed and copied, as the user message.

The system messages come from a template file the author can edit: the project's own
`agent-system.md` next to the style anchor (`meta/` in the default layout) when it exists,
else the one shipped in `workbench/templates/prompts/`. One `## AgentName` section per agent;
`{chapter}` and `{agent}` are filled in.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.book.textio import UTF8, write_text

PROMPTS_FILE = "agent-system.md"
FALLBACK = "你是这部长篇网络小说的 {agent}。用户消息是第{chapter}章本次实际喂入的上下文。"


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
        write_text(path, default_prompts(), UTF8)
    return path


def system_message(project: Project, agent: str, chapter: int) -> str:
    """The agent's system message for `chapter`: the project's section, else the shipped one."""
    path = prompts_path(project)
    texts = [project.read(path).text] if path.is_file() else []
    texts.append(default_prompts())
    for text in texts:
        for section in sections(text):
            if section.level == 2 and section.title.strip() == agent:
                body = section.body(text).strip()
                if body:
                    return _fill(body, agent, chapter)
    return _fill(FALLBACK, agent, chapter)


def _fill(template: str, agent: str, chapter: int) -> str:
    return template.replace("{chapter}", str(chapter)).replace("{agent}", agent)


def chat_messages(project: Project, agent: str, chapter: int, feed_markdown: str) -> list[dict]:
    """The messages of the chat completion: system role, then the feed as the user message."""
    return [
        {"role": "system", "content": system_message(project, agent, chapter)},
        {"role": "user", "content": feed_markdown},
    ]
