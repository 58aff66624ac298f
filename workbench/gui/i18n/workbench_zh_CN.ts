<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>ConflictBar</name>
    <message>
      <source>This file was deleted on disk. Your text is still here; saving recreates it.</source>
      <translation>此文件已在磁盘上被删除。你的文字仍在编辑器里；保存会重新创建它。</translation>
    </message>
    <message>
      <source>This file was changed on disk by another program while you had unsaved edits.</source>
      <translation>你有未保存的修改时，另一个程序改动了磁盘上的这个文件。</translation>
    </message>
    <message>
      <source>Keep mine</source>
      <translation>保留我的</translation>
    </message>
    <message>
      <source>Load from disk</source>
      <translation>载入磁盘版本</translation>
    </message>
    <message>
      <source>Compare</source>
      <translation>比较</translation>
    </message>
  </context>
  <context>
    <name>DiffDialog</name>
    <message>
      <source>Compare: %1</source>
      <translation>比较：%1</translation>
    </message>
    <message>
      <source>in the editor</source>
      <translation>编辑器中</translation>
    </message>
    <message>
      <source>on disk</source>
      <translation>磁盘上</translation>
    </message>
    <message>
      <source>The texts are identical.</source>
      <translation>两份文字完全相同。</translation>
    </message>
  </context>
  <context>
    <name>EditorTabs</name>
    <message>
      <source>Chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>Cannot open file</source>
      <translation>无法打开文件</translation>
    </message>
    <message>
      <source>Not saved: the file changed on disk — choose in the bar above the text.</source>
      <translation>未保存：文件在磁盘上已被改动——请在正文上方的提示条中选择处理方式。</translation>
    </message>
    <message>
      <source>Not saved: the file changed on disk since it was opened.</source>
      <translation>未保存：文件打开后已在磁盘上被改动。</translation>
    </message>
    <message>
      <source>Save failed</source>
      <translation>保存失败</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
    <message>
      <source>Reloaded %1 (changed on disk)</source>
      <translation>已重新载入 %1（磁盘上有改动）</translation>
    </message>
  </context>
  <context>
    <name>FindBar</name>
    <message>
      <source>Find</source>
      <translation>查找</translation>
    </message>
    <message>
      <source>Replace with</source>
      <translation>替换为</translation>
    </message>
    <message>
      <source>Next</source>
      <translation>下一个</translation>
    </message>
    <message>
      <source>Previous</source>
      <translation>上一个</translation>
    </message>
    <message>
      <source>Replace</source>
      <translation>替换</translation>
    </message>
    <message>
      <source>Replace all</source>
      <translation>全部替换</translation>
    </message>
    <message>
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>Not found</source>
      <translation>未找到</translation>
    </message>
    <message numerus="yes">
      <source>Replaced %n time(s)</source>
      <translation>
        <numerusform>已替换 %n 处</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ImportPreviewDialog</name>
    <message>
      <source>Import %1</source>
      <translation>导入 %1</translation>
    </message>
    <message>
      <source>%1 chapters found in %2 (%3) → %4</source>
      <translation>在 %2（%3）中找到 %1 章 → %4</translation>
    </message>
    <message>
      <source>Text before the first heading goes to %1</source>
      <translation>第一个章节标题之前的文字将保存到 %1</translation>
    </message>
    <message>
      <source>Not possible: these files exist already and would be replaced: %1</source>
      <translation>无法导入：以下文件已存在，导入会覆盖它们：%1</translation>
    </message>
    <message>
      <source>No.</source>
      <translation>章号</translation>
    </message>
    <message>
      <source>Title</source>
      <translation>标题</translation>
    </message>
    <message>
      <source>zi</source>
      <translation>字数</translation>
    </message>
    <message>
      <source>Begins with</source>
      <translation>开头</translation>
    </message>
    <message>
      <source>File</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Write %1 chapter files</source>
      <translation>写入 %1 个章节文件</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Cannot open project</source>
      <translation>无法打开项目</translation>
    </message>
    <message>
      <source>Open project folder</source>
      <translation>打开项目文件夹</translation>
    </message>
    <message>
      <source>Folder for the new project</source>
      <translation>新项目的文件夹</translation>
    </message>
    <message>
      <source>Cannot create project</source>
      <translation>无法创建项目</translation>
    </message>
    <message>
      <source>Import manuscript</source>
      <translation>导入书稿</translation>
    </message>
    <message>
      <source>Manuscripts (*.txt *.md);;All files (*)</source>
      <translation>书稿 (*.txt *.md);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Project folder to import into</source>
      <translation>导入到哪个项目文件夹</translation>
    </message>
    <message>
      <source>Cannot import</source>
      <translation>无法导入</translation>
    </message>
    <message>
      <source>Import failed</source>
      <translation>导入失败</translation>
    </message>
    <message>
      <source>Cannot create chapter</source>
      <translation>无法新建章节</translation>
    </message>
    <message>
      <source>%1 files changed on disk; %2 open documents affected</source>
      <translation>磁盘上有 %1 个文件被改动；涉及 %2 个已打开的文档</translation>
    </message>
    <message>
      <source>Summary %1 failed: %2</source>
      <translation>滚动摘要 %1 生成失败：%2</translation>
    </message>
    <message>
      <source>Summary %1 written to rolling-summary.md</source>
      <translation>滚动摘要 %1 已写入 rolling-summary.md</translation>
    </message>
    <message>
      <source>Cannot save settings</source>
      <translation>无法保存设置</translation>
    </message>
    <message>
      <source>no project open</source>
      <translation>未打开项目</translation>
    </message>
    <message>
      <source>Settings not loaded; using defaults</source>
      <translation>设置未能读取，暂用默认设置</translation>
    </message>
  </context>
  <context>
    <name>PlaceholderDock</name>
    <message>
      <source>Context</source>
      <translation>上下文</translation>
    </message>
    <message>
      <source>The context panel (feed layers, budget bars, pins and the Prepare MainWriter feed button) is not built yet; it will appear here.</source>
      <translation>上下文面板（喂入分层、预算条、固定项和“准备 MainWriter 上下文”按钮）尚未实现，完成后将显示在这里。</translation>
    </message>
    <message>
      <source>Trackers</source>
      <translation>追踪表</translation>
    </message>
    <message>
      <source>The tracker browser (foreshadowing and relationships) is not built yet; it will appear here.</source>
      <translation>追踪表浏览器（伏笔与人物关系）尚未实现，完成后将显示在这里。</translation>
    </message>
  </context>
  <context>
    <name>ProjectTree</name>
    <message>
      <source>Chapters</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>World</source>
      <translation>世界观</translation>
    </message>
    <message>
      <source>Characters</source>
      <translation>角色</translation>
    </message>
    <message>
      <source>Outline and plans</source>
      <translation>大纲与章纲</translation>
    </message>
    <message>
      <source>Meta</source>
      <translation>元信息</translation>
    </message>
    <message>
      <source>References</source>
      <translation>参考资料</translation>
    </message>
    <message>
      <source>Chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>%1 zi</source>
      <translation>%1 字</translation>
    </message>
    <message>
      <source>unreadable</source>
      <translation>无法读取</translation>
    </message>
    <message>
      <source>Chapter %1 plan</source>
      <translation>第%1章 章纲</translation>
    </message>
  </context>
  <context>
    <name>Prompts</name>
    <message>
      <source>Unsaved changes</source>
      <translation>未保存的修改</translation>
    </message>
    <message>
      <source>“%1” has unsaved changes. Save them?</source>
      <translation>“%1”有未保存的修改。要保存吗？</translation>
    </message>
    <message>
      <source>Recover unsaved text</source>
      <translation>恢复未保存的文字</translation>
    </message>
    <message>
      <source>Workbench did not close normally. Unsaved text of “%1” from %2 was kept.

Restore it into the editor? Nothing is written to the file until you save.</source>
      <translation>Workbench 上次没有正常关闭。已保留“%1”在 %2 时未保存的文字。

要把它恢复到编辑器中吗？在你保存之前，不会写入文件。</translation>
    </message>
    <message>
      <source>Unexpected error</source>
      <translation>意外错误</translation>
    </message>
    <message numerus="yes">
      <source>Something went wrong inside Workbench. Unsaved text of %n open file(s) was written to .workbench/autosave/ and will be offered the next time you open the project.</source>
      <translation>
        <numerusform>Workbench 内部出错。%n 个已打开文件中未保存的文字已写入 .workbench/autosave/，下次打开项目时会提示恢复。</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>ProfileBox</name>
    <message>
      <source>Model profile</source>
      <translation>模型配置</translation>
    </message>
    <message>
      <source>Profile</source>
      <translation>配置</translation>
    </message>
    <message>
      <source>Tokenizer</source>
      <translation>分词器</translation>
    </message>
    <message>
      <source>Context window (tokens)</source>
      <translation>上下文窗口（token）</translation>
    </message>
    <message>
      <source>Reply reserve (tokens)</source>
      <translation>回复预留（token）</translation>
    </message>
    <message>
      <source>Left for the feed</source>
      <translation>可供喂入</translation>
    </message>
    <message>
      <source>Set the window your server was started with (Ollama num_ctx, llama.cpp --ctx-size, vLLM --max-model-len) and the tokenizer of the model it serves.</source>
      <translation>请填写本地服务启动时设定的窗口（Ollama 的 num_ctx、llama.cpp 的 --ctx-size、vLLM 的 --max-model-len），并选择它所运行模型的分词器。</translation>
    </message>
    <message>
      <source>Window and tokenizer as the provider documents them.</source>
      <translation>窗口与分词器取自模型提供方的文档。</translation>
    </message>
    <message>
      <source>%1 tokens</source>
      <translation>%1 token</translation>
    </message>
    <message>
      <source>nothing: reserve ≥ window</source>
      <translation>无：预留不小于窗口</translation>
    </message>
  </context>
  <context>
    <name>SettingsDialog</name>
    <message>
      <source>Settings</source>
      <translation>设置</translation>
    </message>
    <message>
      <source>Stored only in your user settings file (%1), never in a project folder.</source>
      <translation>只保存在你的用户设置文件（%1）中，绝不写入项目文件夹。</translation>
    </message>
    <message>
      <source>Model endpoint (OpenAI-compatible)</source>
      <translation>模型接口（兼容 OpenAI）</translation>
    </message>
    <message>
      <source>Base URL</source>
      <translation>接口地址</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>API key</source>
      <translation>API 密钥</translation>
    </message>
    <message>
      <source>Offline (extractive draft, no network)</source>
      <translation>离线（抽取式草稿，不联网）</translation>
    </message>
    <message>
      <source>Model endpoint above</source>
      <translation>上面的模型接口</translation>
    </message>
    <message>
      <source>Summaries</source>
      <translation>摘要</translation>
    </message>
    <message>
      <source>the served model&apos;s name</source>
      <translation>服务端的模型名</translation>
    </message>
    <message>
      <source>Summary backend</source>
      <translation>摘要后端</translation>
    </message>
    <message>
      <source>Editor and interface</source>
      <translation>编辑器与界面</translation>
    </message>
    <message>
      <source>Editor font</source>
      <translation>编辑器字体</translation>
    </message>
    <message>
      <source>Interface language</source>
      <translation>界面语言</translation>
    </message>
  </context>
  <context>
    <name>StatusBar</name>
    <message>
      <source>This file: %1 zi</source>
      <translation>本文件 %1 字</translation>
    </message>
    <message>
      <source>Book: %1 zi</source>
      <translation>全书 %1 字</translation>
    </message>
    <message>
      <source>Unsaved changes</source>
      <translation>未保存</translation>
    </message>
    <message>
      <source>Saved</source>
      <translation>已保存</translation>
    </message>
  </context>
  <context>
    <name>SummaryQueue</name>
    <message>
      <source>Summary %1 ready; waiting for rolling-summary.md to be saved</source>
      <translation>滚动摘要 %1 已生成；等待 rolling-summary.md 的修改保存后写入</translation>
    </message>
    <message>
      <source>Summarising %1</source>
      <translation>正在生成滚动摘要 %1</translation>
    </message>
    <message>
      <source>Summary %1 queued</source>
      <translation>滚动摘要 %1 排队中</translation>
    </message>
    <message>
      <source> (%1 more queued)</source>
      <translation>（另有 %1 个排队）</translation>
    </message>
  </context>
  <context>
    <name>WindowActions</name>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>Recent projects</source>
      <translation>最近的项目</translation>
    </message>
    <message>
      <source>New project…</source>
      <translation>新建项目…</translation>
    </message>
    <message>
      <source>Open project folder…</source>
      <translation>打开项目文件夹…</translation>
    </message>
    <message>
      <source>Import manuscript…</source>
      <translation>导入书稿…</translation>
    </message>
    <message>
      <source>Save</source>
      <translation>保存</translation>
    </message>
    <message>
      <source>Close tab</source>
      <translation>关闭标签页</translation>
    </message>
    <message>
      <source>Settings…</source>
      <translation>设置…</translation>
    </message>
    <message>
      <source>Quit</source>
      <translation>退出</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>编辑(&amp;E)</translation>
    </message>
    <message>
      <source>Find and replace</source>
      <translation>查找和替换</translation>
    </message>
    <message>
      <source>&amp;Chapter</source>
      <translation>章节(&amp;C)</translation>
    </message>
    <message>
      <source>Previous chapter</source>
      <translation>上一章</translation>
    </message>
    <message>
      <source>Next chapter</source>
      <translation>下一章</translation>
    </message>
    <message>
      <source>New chapter</source>
      <translation>新建章节</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>视图(&amp;V)</translation>
    </message>
  </context>
</TS>