<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>BookDock</name>
    <message>
      <source>Book</source>
      <translation>全书</translation>
    </message>
  </context>
  <context>
    <name>BookPanel</name>
    <message>
      <source>Daily goal not saved: %1</source>
      <translation>每日目标未保存：%1</translation>
    </message>
    <message>
      <source>Presence</source>
      <translation>出场热图</translation>
    </message>
    <message>
      <source>Foreshadowing timeline</source>
      <translation>伏笔时间线</translation>
    </message>
    <message>
      <source>Writing statistics</source>
      <translation>写作统计</translation>
    </message>
    <message>
      <source>By first appearance</source>
      <translation>按首次出场</translation>
    </message>
    <message>
      <source>By last appearance</source>
      <translation>按最后出场</translation>
    </message>
    <message>
      <source>By mentions</source>
      <translation>按出场次数</translation>
    </message>
    <message>
      <source>By name</source>
      <translation>按姓名</translation>
    </message>
    <message>
      <source>Last %1 days</source>
      <translation>最近 %1 天</translation>
    </message>
    <message>
      <source>Characters (name or alias, several with spaces)</source>
      <translation>筛选角色（姓名或别名，多个用空格分开）</translation>
    </message>
    <message>
      <source>Export PNG…</source>
      <translation>导出 PNG…</translation>
    </message>
    <message>
      <source>Ledger filters…</source>
      <translation>伏笔账本筛选…</translation>
    </message>
    <message>
      <source>The timeline shows what the ledger&apos;s filters show</source>
      <translation>时间线与伏笔账本使用同一组筛选</translation>
    </message>
    <message>
      <source>planted → planned pay-off</source>
      <translation>埋设 → 计划回收</translation>
    </message>
    <message>
      <source>overdue</source>
      <translation>逾期</translation>
    </message>
    <message>
      <source>dormant (faded)</source>
      <translation>沉寂（淡色）</translation>
    </message>
    <message>
      <source>sighting</source>
      <translation>再现</translation>
    </message>
    <message>
      <source>paid off</source>
      <translation>已回收</translation>
    </message>
    <message>
      <source>abandoned</source>
      <translation>废弃</translation>
    </message>
    <message>
      <source>editor&apos;s chapter</source>
      <translation>编辑器所在章</translation>
    </message>
    <message>
      <source>one column per chapter</source>
      <translation>每格 1 章</translation>
    </message>
    <message>
      <source>%1 chapters per column</source>
      <translation>每格 %1 章</translation>
    </message>
    <message>
      <source>dashed line: dormant after %1 chapters</source>
      <translation>虚线：超过 %1 章未出场即为沉寂</translation>
    </message>
    <message>
      <source>%1 of %2 entries, as the ledger filters</source>
      <translation>显示 %1 / %2 条（按伏笔账本的筛选）</translation>
    </message>
    <message>
      <source>Today: —</source>
      <translation>今日：—</translation>
    </message>
    <message>
      <source>Today: %1 zi</source>
      <translation>今日：%1 字</translation>
    </message>
    <message>
      <source>%1 / goal %2</source>
      <translation>%1 / 目标 %2</translation>
    </message>
    <message>
      <source>Streak: %1 days</source>
      <translation>连续达标：%1 天</translation>
    </message>
    <message>
      <source>Chapter %1: %2 zi</source>
      <translation>第%1章：%2 字</translation>
    </message>
    <message>
      <source>Hatched days are estimated from the chapters&apos; file times (the book had no save history).</source>
      <translation>斜线条纹的日子由章节文件的修改时间估算（这本书此前没有保存记录）。</translation>
    </message>
    <message>
      <source>Export PNG</source>
      <translation>导出 PNG</translation>
    </message>
    <message>
      <source>Could not write %1</source>
      <translation>无法写入 %1</translation>
    </message>
  </context>
  <context>
    <name>ChapterEditor</name>
    <message>
      <source>Pin section “%1” to the feed</source>
      <translation>把“%1”一节置顶到喂入</translation>
    </message>
    <message>
      <source>Pin this whole file to the feed</source>
      <translation>把整个文件置顶到喂入</translation>
    </message>
    <message>
      <source>Record as foreshadowing</source>
      <translation>记为伏笔</translation>
    </message>
    <message>
      <source>Regenerate this summary</source>
      <translation>重新生成此摘要</translation>
    </message>
    <message>
      <source>Chapter text cannot be pinned: it is fed by the recipe</source>
      <translation>章节正文不能置顶：它按配方进入喂入</translation>
    </message>
    <message>
      <source>The last chapters go to MainWriter in full; earlier ones reach the feed through the rolling summaries. Pin a plan, a setting or a tracker entry.</source>
      <translation>最近几章以全文交给 MainWriter，更早的章节通过滚动摘要进入喂入。可以置顶章纲、设定或追踪表条目。</translation>
    </message>
  </context>
  <context>
    <name>ChapterNavigation</name>
    <message>
      <source>%1 does not exist</source>
      <translation>%1 不存在</translation>
    </message>
    <message>
      <source>Cannot create chapter</source>
      <translation>无法新建章节</translation>
    </message>
    <message>
      <source>Chapter %1 has neither text nor a plan yet</source>
      <translation>第%1章还没有正文，也没有章纲</translation>
    </message>
    <message>
      <source>Chapter %1 has no plan file; the type is used in the panel only</source>
      <translation>第%1章没有规划文件；类型只在面板中使用</translation>
    </message>
    <message>
      <source>Chapter type not changed</source>
      <translation>章节类型未修改</translation>
    </message>
    <message>
      <source>The plan %1 has unsaved edits; save or discard them first.</source>
      <translation>规划 %1 有未保存的修改；请先保存或放弃。</translation>
    </message>
    <message>
      <source>chapter %1 type → %2</source>
      <translation>第%1章类型改为 %2</translation>
    </message>
  </context>
  <context>
    <name>SummaryPolicy</name>
    <message>
      <source>Saving chapter %1</source>
      <translation>保存第%1章</translation>
    </message>
    <message>
      <source>%1 rolling summaries not queued; Feed ▸ Summary jobs queues them</source>
      <translation>%1 段滚动摘要没有排队；可在 喂入 ▸ 摘要任务 中重新生成</translation>
    </message>
    <message>
      <source>Cannot regenerate %1</source>
      <translation>无法重新生成 %1</translation>
    </message>
    <message>
      <source>Regenerating %1</source>
      <translation>重新生成 %1</translation>
    </message>
    <message>
      <source>Cannot read the rolling summaries: %1</source>
      <translation>无法读取滚动摘要：%1</translation>
    </message>
    <message>
      <source>Fixed context written to references/fixed-context.md</source>
      <translation>固定层已写入 references/fixed-context.md</translation>
    </message>
    <message>
      <source>Summary %1 written to rolling-summary.md</source>
      <translation>滚动摘要 %1 已写入 rolling-summary.md</translation>
    </message>
    <message>
      <source>Rolling summaries not queued: %1</source>
      <translation>滚动摘要未排队：%1</translation>
    </message>
    <message>
      <source>Nothing queued; Feed ▸ Summary jobs and Trackers ▸ Review queue them</source>
      <translation>未排队任何任务；可在 喂入 ▸ 摘要任务 和 追踪表 ▸ 待审 中排队</translation>
    </message>
    <message>
      <source>⚠ %1 failed: Feed ▸ Summary jobs</source>
      <translation>⚠ %1 个任务失败：见 喂入 ▸ 摘要任务</translation>
    </message>
    <message>
      <source>%1 failed: %2</source>
      <translation>%1 生成失败：%2</translation>
    </message>
    <message>
      <source>Summary %1 failed: %2</source>
      <translation>滚动摘要 %1 生成失败：%2</translation>
    </message>
  </context>
  <context>
    <name>ProjectOpening</name>
    <message>
      <source>Cannot open project</source>
      <translation>无法打开项目</translation>
    </message>
    <message>
      <source>Cannot copy the sample novel</source>
      <translation>无法复制示例小说</translation>
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
      <source>Manuscripts (*.txt *.md *.docx);;All files (*)</source>
      <translation>书稿 (*.txt *.md *.docx);;所有文件 (*)</translation>
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
  </context>
  <context>
    <name>ChecklistView</name>
    <message>
      <source>Style anchor from your own text…</source>
      <translation>从正文选段创建文风锚点…</translation>
    </message>
    <message>
      <source>✓ ready</source>
      <translation>✓ 齐备</translation>
    </message>
    <message>
      <source>✗ missing</source>
      <translation>✗ 缺失</translation>
    </message>
    <message>
      <source>⚠ stale</source>
      <translation>⚠ 已过期</translation>
    </message>
    <message>
      <source>⚠ partly template</source>
      <translation>⚠ 部分仍为模板</translation>
    </message>
    <message>
      <source>Partly template: %1</source>
      <translation>部分仍为模板：%1</translation>
    </message>
    <message>
      <source>Sources changed since it was generated: %1</source>
      <translation>生成之后来源文件已修改：%1</translation>
    </message>
    <message>
      <source>Working…</source>
      <translation>进行中…</translation>
    </message>
    <message>
      <source>not needed by this agent</source>
      <translation>本智能体不需要</translation>
    </message>
    <message>
      <source>Missing: %1</source>
      <translation>缺少：%1</translation>
    </message>
    <message>
      <source>Note: %1</source>
      <translation>注意：%1</translation>
    </message>
    <message>
      <source>Regenerate</source>
      <translation>重新生成</translation>
    </message>
    <message>
      <source>Generate fixed context</source>
      <translation>生成固定层</translation>
    </message>
    <message>
      <source>Generate rolling summary</source>
      <translation>生成滚动摘要</translation>
    </message>
    <message>
      <source>Create style anchor from template</source>
      <translation>从模板创建文风锚点</translation>
    </message>
    <message>
      <source>Open chapter plan</source>
      <translation>打开本章规划</translation>
    </message>
    <message>
      <source>Create chapter plan</source>
      <translation>创建本章规划</translation>
    </message>
    <message>
      <source>Select a passage in the editor</source>
      <translation>请在编辑器中选定段落</translation>
    </message>
    <message>
      <source>Open %1</source>
      <translation>打开 %1</translation>
    </message>
    <message>
      <source>, </source>
      <comment>between stale sources</comment>
      <translation>、</translation>
    </message>
  </context>
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
    <name>ContextDock</name>
    <message>
      <source>Context</source>
      <translation>上下文</translation>
    </message>
  </context>
  <context>
    <name>ContextModel</name>
    <message>
      <source>Skeleton at chapter %1</source>
      <translation>第%1章处的骨架</translation>
    </message>
    <message>
      <source>○ nothing relevant</source>
      <translation>○ 无相关内容</translation>
    </message>
    <message>
      <source>⚠ outdated: %1 missing</source>
      <translation>⚠ 过旧：缺 %1</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>Zi</source>
      <translation>字</translation>
    </message>
    <message>
      <source>Cap</source>
      <translation>上限</translation>
    </message>
    <message>
      <source>Tokens</source>
      <translation>词元</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>score %1</source>
      <translation>分 %1</translation>
    </message>
    <message>
      <source>%1 zi</source>
      <translation>%1 字</translation>
    </message>
    <message>
      <source>%1 tokens</source>
      <translation>%1 词元</translation>
    </message>
    <message>
      <source>✓ complete</source>
      <translation>✓ 完整</translation>
    </message>
    <message>
      <source>✂ trimmed</source>
      <translation>✂ 已截断</translation>
    </message>
    <message>
      <source>✗ dropped</source>
      <translation>✗ 已删去</translation>
    </message>
    <message>
      <source>✗ missing</source>
      <translation>✗ 缺失</translation>
    </message>
    <message>
      <source>Source: %1</source>
      <translation>来源：%1</translation>
    </message>
    <message>
      <source>cap</source>
      <translation>上限</translation>
    </message>
    <message>
      <source>group room</source>
      <translation>分组额度</translation>
    </message>
    <message>
      <source>%1 zi of %2 %3</source>
      <translation>%1 字 / %3 %2 字</translation>
    </message>
    <message>
      <source>Outside the groups: never trimmed or dropped</source>
      <translation>在分组之外：不截断、不删去</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>补救：%1</translation>
    </message>
    <message>
      <source>Double-click to open the source</source>
      <translation>双击打开来源</translation>
    </message>
    <message>
      <source>Why: %1</source>
      <translation>相关原因：%1</translation>
    </message>
    <message>
      <source>Score: %1</source>
      <translation>排序分：%1</translation>
    </message>
  </context>
  <context>
    <name>ContextPanel</name>
    <message>
      <source>Undo type</source>
      <translation>撤销类型</translation>
    </message>
    <message>
      <source>Undo “%1”</source>
      <translation>撤销“%1”</translation>
    </message>
    <message>
        <source>Regenerate this summary</source>
        <translation>重新生成此摘要</translation>
    </message>
    <message>
      <source>Agent</source>
      <translation>智能体</translation>
    </message>
    <message>
      <source>Chapter type</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>Chapter</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>Chapter </source>
      <comment>spin box prefix</comment>
      <translation>第 </translation>
    </message>
    <message>
      <source> </source>
      <comment>spin box suffix</comment>
      <translation> 章</translation>
    </message>
    <message>
      <source>Pinned (drag to reorder)</source>
      <translation>置顶（拖动排序）</translation>
    </message>
    <message>
      <source>Unpin</source>
      <translation>取消置顶</translation>
    </message>
    <message>
      <source>Plot</source>
      <translation>剧情</translation>
    </message>
    <message>
      <source>Battle</source>
      <translation>战斗</translation>
    </message>
    <message>
      <source>Emotion</source>
      <translation>情感</translation>
    </message>
    <message>
      <source>Transition</source>
      <translation>过渡</translation>
    </message>
    <message>
      <source>Fixed layer</source>
      <translation>固定层</translation>
    </message>
    <message>
      <source>Rolling layer</source>
      <translation>滚动层</translation>
    </message>
    <message>
      <source>On-demand layer</source>
      <translation>按需层</translation>
    </message>
    <message>
      <source>Task</source>
      <translation>任务</translation>
    </message>
    <message>
      <source>Updating…</source>
      <translation>正在更新…</translation>
    </message>
    <message>
      <source>Cannot pin: %1</source>
      <translation>无法置顶：%1</translation>
    </message>
    <message>
      <source>Pinned %1</source>
      <translation>已置顶 %1</translation>
    </message>
    <message>
      <source>Cannot build the feed: %1</source>
      <translation>无法生成喂入：%1</translation>
    </message>
    <message>
      <source>%1 for chapter %2</source>
      <translation>%1 · 第%2章</translation>
    </message>
    <message>
      <source> · unsaved text of %1</source>
      <translation> · 含未保存的 %1</translation>
    </message>
    <message>
      <source>%1 zi · %2 tokens</source>
      <translation>%1 字 · %2 词元</translation>
    </message>
    <message>
      <source>From the chapter plan&apos;s front matter</source>
      <translation>来自本章规划的文件头</translation>
    </message>
    <message>
      <source>Chosen here; the chapter has no plan file to keep it in</source>
      <translation>在此选择；本章没有规划文件可以保存它</translation>
    </message>
    <message>
      <source>Default: the plan does not name a type</source>
      <translation>默认：规划没有写明类型</translation>
    </message>
    <message>
      <source>(not written yet)</source>
      <translation>（尚未写）</translation>
    </message>
    <message>
      <source>Unpin this entry</source>
      <translation>取消置顶此条目</translation>
    </message>
    <message>
      <source>Unpin this block</source>
      <translation>取消置顶此块</translation>
    </message>
    <message>
      <source>Pin this entry</source>
      <translation>置顶此条目</translation>
    </message>
    <message>
      <source>Pin this block</source>
      <translation>置顶此块</translation>
    </message>
    <message>
      <source>Open the source</source>
      <translation>打开来源</translation>
    </message>
    <message>
      <source>Nothing pinned. Right-click a block here, a file in the tree or a section</source>
      <translation>还没有置顶。右键点击这里的块、项目树中的文件，</translation>
    </message>
    <message>
      <source> in the editor to keep it in every feed.</source>
      <translation>或编辑器中的一节，即可让它进入每次喂入。</translation>
    </message>
  </context>
  <context>
    <name>ContinuityGuard</name>
    <message>
      <source>not checked: %1</source>
      <translation>未检查：%1</translation>
    </message>
    <message>
      <source>The continuity check process stopped unexpectedly (exit code %1); it has been restarted.</source>
      <translation>连续性检查进程意外停止（退出码 %1），已重新启动。</translation>
    </message>
    <message>
      <source>Cannot ignore it: %1</source>
      <translation>无法忽略：%1</translation>
    </message>
    <message>
      <source>Cannot remember it: %1</source>
      <translation>无法记下：%1</translation>
    </message>
  </context>
  <context>
    <name>ContinuityList</name>
    <message>
      <source>The continuity check cannot start (exit code %1); this chapter is not checked.</source>
      <translation>连续性检查无法启动（退出码 %1），本章未检查。</translation>
    </message>
    <message>
      <source>Dead or gone, yet acting</source>
      <translation>已死或已离场的人物在行动</translation>
    </message>
    <message>
      <source>Name off by one character</source>
      <translation>人名差一个字</translation>
    </message>
    <message>
      <source>Realm below the one reached</source>
      <translation>境界低于已达到的</translation>
    </message>
    <message>
      <source>Realm jump (a question)</source>
      <translation>境界连跳（疑问）</translation>
    </message>
    <message>
      <source>Foreshadowing paid twice</source>
      <translation>伏笔重复回收</translation>
    </message>
    <message>
      <source>Paid before it was planted</source>
      <translation>回收早于埋设</translation>
    </message>
    <message>
      <source>Line %1</source>
      <translation>第%1行</translation>
    </message>
    <message>
      <source>Continuity: %1</source>
      <translation>连续性：%1 条</translation>
    </message>
    <message>
      <source>Continuity: nothing contradicts the book</source>
      <translation>连续性：与前文无矛盾</translation>
    </message>
    <message>
      <source>Ignore</source>
      <translation>忽略</translation>
    </message>
    <message>
      <source>“%1” is another character</source>
      <translation>“%1”是另一个人</translation>
    </message>
    <message>
      <source>Go to it</source>
      <translation>跳转到此处</translation>
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
    <name>DraftView</name>
    <message>
      <source>Saved as chapter %1 ✓</source>
      <translation>已存为第%1章 ✓</translation>
    </message>
    <message>
      <source>Appended to chapter %1 ✓</source>
      <translation>已追加到第%1章 ✓</translation>
    </message>
    <message>
      <source>Append again…</source>
      <translation>再追加一次…</translation>
    </message>
    <message>
      <source>The chapter's text from before is kept in %1</source>
      <translation>该章之前的文字已备份在 %1</translation>
    </message>
    <message>
      <source>Append the draft again?</source>
      <translation>再次追加这份草稿？</translation>
    </message>
    <message>
      <source>This draft is already in chapter %1. Append it to the end of chapter %1 a second time? The chapter's text from before is backed up first.</source>
      <translation>这份草稿已经写入第%1章。要再追加一次到第%1章末尾吗？追加前会先备份该章原文。</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Save as chapter %1</source>
      <translation>存为第%1章</translation>
    </message>
    <message>
      <source>Append to chapter %1</source>
      <translation>追加到第%1章末尾</translation>
    </message>
    <message>
      <source>Discard</source>
      <translation>丢弃</translation>
    </message>
    <message>
      <source>receiving…</source>
      <translation>接收中…</translation>
    </message>
    <message>
      <source>complete</source>
      <translation>已完成</translation>
    </message>
    <message>
      <source>cancelled — the partial draft is kept</source>
      <translation>已取消——已收到的部分草稿已保留</translation>
    </message>
    <message>
      <source> — no draft file kept in %1</source>
      <translation>——未能在 %1 保存草稿文件</translation>
    </message>
    <message>
      <source>failed — the partial draft is kept: %1</source>
      <translation>失败——已收到的部分草稿已保留：%1</translation>
    </message>
    <message>
      <source>failed — the reply was refused and nothing of it kept: %1</source>
      <translation>失败——回复被拒收，未保留任何内容：%1</translation>
    </message>
    <message>
      <source>failed — no text arrived: %1</source>
      <translation>失败——未收到任何文字：%1</translation>
    </message>
    <message>
      <source>cancelled before any text arrived</source>
      <translation>已取消——尚未收到任何文字</translation>
    </message>
    <message>
      <source>%1 tokens received · %2 s of at most %4 s · %3</source>
      <translation>已接收 %1 tokens · %2 秒（至多 %4 秒）· %3</translation>
    </message>
    <message>
      <source>Keep reasoning</source>
      <translation>保留思考</translation>
    </message>
    <message>
      <source>Write the reasoning beside the draft in .workbench/drafts/, never in a chapter</source>
      <translation>把思考过程保存在 .workbench/drafts/ 里草稿旁边，绝不写入章节</translation>
    </message>
    <message>
      <source>%1 Thinking · %2 tokens</source>
      <translation>%1 思考 · %2 词元</translation>
    </message>
    <message>
      <source>Kept in %1</source>
      <translation>已保存到 %1</translation>
    </message>
    <message>
      <source>no connection</source>
      <translation>连接失败</translation>
    </message>
    <message>
      <source>%1 — retrying in %2 s (retry %3 of %4); Cancel stops waiting</source>
      <translation>%1 —— %2 秒后重试（重试 %3/%4）；按“取消”停止等待</translation>
    </message>
    <message>
      <source>%1 tokens received · %2 s · %3</source>
      <translation>已接收 %1 词元 · %2 秒 · %3</translation>
    </message>
  </context>
  <context>
    <name>EditorTabs</name>
    <message>
      <source>Chapter %1 plan</source>
      <translation>第%1章 章纲</translation>
    </message>
    <message>
      <source>Your text is still here in the editor: nothing is lost.</source>
      <translation>文字仍在编辑器里，一个字也没有丢。</translation>
    </message>
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
    <name>EngineWords</name>
    <message>
      <source>no rolling summary for Ch%1-%2</source>
      <translation>缺少 Ch%1-%2 的滚动摘要</translation>
    </message>
    <message>
      <source>the plan of chapter %1 is still the template (%2)</source>
      <translation>第%1章的规划仍是模板（%2）</translation>
    </message>
    <message>
      <source>%1: still the template (%2), placeholders only</source>
      <translation>%1仍是模板（%2），只有占位文字</translation>
    </message>
    <message>
      <source>%1: still the template (%2)</source>
      <translation>%1仍是模板（%2）</translation>
    </message>
    <message>
      <source>%1: not written yet (%2)</source>
      <translation>%1还没有写（%2）</translation>
    </message>
    <message>
      <source>out of date: %1 changed after this summary</source>
      <translation>已过期：%1在这段摘要生成后改过</translation>
    </message>
    <message>
      <source>partly template: %2 of %1 still hold template text (not fed)</source>
      <translation>部分仍为模板：%1 的 %2 还有模板文字（未喂入）</translation>
    </message>
    <message>
      <source>overdue: payoff planned for %1 &lt; %2</source>
      <translation>逾期：计划回收 %1 &lt; %2</translation>
    </message>
    <message>
      <source>named: %1 (in the plan&apos;s cast)</source>
      <translation>点名：%1（规划出场）</translation>
    </message>
    <message>
      <source>named: %1</source>
      <translation>点名：%1</translation>
    </message>
    <message>
      <source>changed recently: chapter %1</source>
      <translation>近期变化：第%1章</translation>
    </message>
    <message>
      <source>the tracker cannot be parsed: %1</source>
      <translation>追踪表无法解析：%1</translation>
    </message>
    <message>
      <source>%1 has no section “%2”</source>
      <translation>%1 没有「%2」一节</translation>
    </message>
    <message>
      <source>the plot tracker has no %1</source>
      <translation>伏笔追踪表中没有 %1</translation>
    </message>
    <message>
      <source>the relationship tracker has no row for %1 and %2</source>
      <translation>关系追踪表中没有 %1 与 %2 的记录</translation>
    </message>
    <message>
      <source>%1 is empty</source>
      <translation>%1 是空的</translation>
    </message>
    <message>
      <source>%1 does not exist</source>
      <translation>%1 不存在</translation>
    </message>
    <message>
      <source>chapter %1 has no plan</source>
      <translation>第%1章没有规划</translation>
    </message>
    <message>
      <source>%1 does not exist or is empty</source>
      <translation>%1 不存在或为空</translation>
    </message>
    <message>
      <source>no rolling summary near chapter %1</source>
      <translation>第%1章附近没有滚动摘要</translation>
    </message>
    <message>
      <source>the outline is over %1 zi and %2 has no book outline summary</source>
      <translation>大纲超过 %1 字，且 %2 没有全书大纲摘要</translation>
    </message>
    <message>
      <source>rolling summary (to chapter %1)</source>
      <translation>滚动摘要（到第%1章）</translation>
    </message>
    <message>
      <source>plan · chapter %1</source>
      <translation>本章规划 · 第%1章</translation>
    </message>
    <message>
      <source>this chapter · chapter %1</source>
      <translation>本章原文 · 第%1章</translation>
    </message>
    <message>
      <source>earlier text · chapter %1</source>
      <translation>前文原文 · 第%1章</translation>
    </message>
    <message>
      <source>summary · chapter %1</source>
      <translation>本章摘要 · 第%1章</translation>
    </message>
    <message>
      <source>battle passage · chapter %1</source>
      <translation>战斗段落 · 第%1章</translation>
    </message>
    <message>
      <source>pinned · %1</source>
      <translation>置顶 · %1</translation>
    </message>
    <message>
      <source>write %1, then run workbench fixed-context %2</source>
      <translation>写 %1，再运行 workbench fixed-context %2</translation>
    </message>
    <message>
      <source>create %1 (a header row is enough)</source>
      <translation>新建 %1（只有表头也可以）</translation>
    </message>
    <message>
      <source>correct %1 and try again</source>
      <translation>修正 %1 后重试</translation>
    </message>
    <message>
      <source>unpin %1, or restore what it points to</source>
      <translation>在置顶列表中取消置顶 %1，或恢复它指向的内容</translation>
    </message>
    <message>
      <source>pinned</source>
      <translation>置顶</translation>
    </message>
    <message>
      <source>world summary</source>
      <translation>世界观摘要</translation>
    </message>
    <message>
      <source>cast bible summary</source>
      <translation>角色圣经摘要</translation>
    </message>
    <message>
      <source>book outline</source>
      <translation>全书大纲</translation>
    </message>
    <message>
      <source>story skeleton</source>
      <translation>故事骨架</translation>
    </message>
    <message>
      <source>power levels</source>
      <translation>角色战力</translation>
    </message>
    <message>
      <source>foreshadowing for the chapter</source>
      <translation>本章相关伏笔</translation>
    </message>
    <message>
      <source>relationship changes for the chapter</source>
      <translation>本章相关关系变动</translation>
    </message>
    <message>
      <source>character: %1</source>
      <translation>人物：%1</translation>
    </message>
    <message>
      <source>character: %1 (as %2)</source>
      <translation>人物：%1（%2）</translation>
    </message>
    <message>
      <source>tracker keyword: %1</source>
      <translation>追踪词：%1</translation>
    </message>
    <message>
      <source>keyword: %1</source>
      <translation>关键词：%1</translation>
    </message>
    <message>
      <source>not seen for long: %1 (last in chapter %2, %3 chapters ago)</source>
      <translation>久未出场：%1（上次出场第%2章，已隔%3章）</translation>
    </message>
    <message>
      <source>earlier passages for the chapter</source>
      <translation>本章相关前文</translation>
    </message>
    <message>
      <source>the passage index cannot be used: %1</source>
      <translation>前文索引无法使用：%1</translation>
    </message>
    <message>
      <source>style anchor (in full)</source>
      <translation>文风锚点（全文）</translation>
    </message>
    <message>
      <source>protagonist file</source>
      <translation>主角档案</translation>
    </message>
    <message>
      <source>cast list</source>
      <translation>角色表</translation>
    </message>
    <message>
      <source>style anchor</source>
      <translation>文风锚点</translation>
    </message>
    <message>
      <source>world</source>
      <translation>世界观</translation>
    </message>
    <message>
      <source>outline</source>
      <translation>大纲</translation>
    </message>
    <message>
      <source>, </source>
      <translation>、</translation>
    </message>
    <message>
      <source>; </source>
      <translation>；</translation>
    </message>
    <message>
      <source>book outline summary</source>
      <translation>全书大纲摘要</translation>
    </message>
    <message>
      <source>rolling summary %1</source>
      <translation>滚动摘要 %1</translation>
    </message>
    <message>
      <source>power system</source>
      <translation>力量体系</translation>
    </message>
    <message>
      <source>%1 for the chapter</source>
      <translation>本章相关%1</translation>
    </message>
    <message>
      <source>chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>%1 has no `## %2` section</source>
      <translation>%1 没有 `## %2` 一节</translation>
    </message>
    <message>
      <source>%1 has no `%2` section</source>
      <translation>%1 没有 `%2` 一节</translation>
    </message>
    <message>
      <source>%1 does not exist (it should hold summaries to chapter %2)</source>
      <translation>%1 不存在（应有到第%2章的摘要）</translation>
    </message>
    <message>
      <source>no file for chapter %1</source>
      <translation>没有第%1章的文件</translation>
    </message>
    <message>
      <source>no file for chapter %1 (a gap in the chapter numbers)</source>
      <translation>没有第%1章的文件（章节编号有缺口）</translation>
    </message>
    <message>
      <source>no passage selected</source>
      <translation>没有选定段落</translation>
    </message>
    <message>
      <source>%1 does not exist, and the passage or plan names no known character</source>
      <translation>%1 不存在，且选段/规划中没有已知角色</translation>
    </message>
    <message>
      <source>the outline&apos;s section for this chapter is over 1500 zi, cut</source>
      <translation>大纲中的本章一节超过 1500 字，已截断</translation>
    </message>
    <message>
      <source>over the cap of %1 zi (was %2 zi)</source>
      <translation>超过上限 %1 字（原 %2 字）</translation>
    </message>
    <message>
      <source>%1, cut at a sentence end</source>
      <translation>%1，在句末截断</translation>
    </message>
    <message>
      <source>%1, and no sentence end to cut at</source>
      <translation>%1，且找不到可截断的句末</translation>
    </message>
    <message>
      <source>%1 zi left in the group</source>
      <translation>组内剩余 %1 字</translation>
    </message>
    <message>
      <source>%1, no entry fits</source>
      <translation>%1，没有条目放得下</translation>
    </message>
    <message>
      <source>%1, the lowest-ranked entries left out</source>
      <translation>%1，删去排序靠后的条目</translation>
    </message>
    <message>
      <source>over budget: weakly relevant entries left out first</source>
      <translation>预算不足，先删去弱相关条目</translation>
    </message>
    <message>
      <source>over budget: %1 zi left in the group, cut at a sentence end</source>
      <translation>预算不足：组内剩余 %1 字，在句末截断</translation>
    </message>
    <message>
      <source>over budget: %1 zi left in the group, %2 zi do not fit</source>
      <translation>预算不足：组内剩余 %1 字，放不下 %2 字</translation>
    </message>
    <message>
      <source>weakly relevant entry %1 (%2 zi) left out first: %3</source>
      <translation>弱相关条目 %1（%2 字）先删去：%3</translation>
    </message>
    <message>
      <source>entry %1 (%2 zi) does not fit: %3</source>
      <translation>条目 %1（%2 字）放不下：%3</translation>
    </message>
    <message>
      <source>weakly relevant entry %1 (%2 zi) left out first: the group needs %3 zi, has %4</source>
      <translation>弱相关条目 %1（%2 字）先删去：组内需要 %3 字，只有 %4 字</translation>
    </message>
    <message>
      <source>%1 → %2 zi</source>
      <translation>%1 → %2 字</translation>
    </message>
    <message>
      <source>%1 entries kept, %2 zi</source>
      <translation>保留 %1 条，%2 字</translation>
    </message>
    <message>
      <source>%1 (%2)</source>
      <translation>%1（%2）</translation>
    </message>
    <message>
      <source>%1 trimmed (%2)</source>
      <translation>%1 已截断（%2）</translation>
    </message>
    <message>
      <source>%1: %2</source>
      <translation>%1：%2</translation>
    </message>
    <message>
      <source>the protagonist&apos;s state is not fed: %1</source>
      <translation>主角状态未喂入：%1</translation>
    </message>
    <message>
      <source>%1 holds the protagonist&apos;s state at chapter %2 and index.db has no state_changes: it cannot be taken back to chapter %3</source>
      <translation>%1 记的是第%2章的主角状态，index.db 没有 state_changes，推不回第%3章</translation>
    </message>
    <message>
      <source>index.db&apos;s state_changes changed “%2” in chapter %1: the state cannot be taken back to chapter %3</source>
      <translation>index.db 的 state_changes 在第%1章改了「%2」，推不回第%3章</translation>
    </message>
    <message>
      <source>the protagonist has no name: %1 does not exist, so none of their relationship rows enters this block</source>
      <translation>主角没有名字：%1 不存在，主角的关系行不会进入本块</translation>
    </message>
    <message>
      <source>the protagonist has no name: the title of %1 is only a form of address or a placeholder, so none of their relationship rows enters this block</source>
      <translation>主角没有名字：%1 的标题只是称谓或占位（主角、男主、（主角姓名）），主角的关系行不会进入本块</translation>
    </message>
    <message>
      <source>write %1</source>
      <translation>写 %1</translation>
    </message>
    <message>
      <source>write %1, or a `###` section for chapter %3 in the %2</source>
      <translation>写 %1，或在%2写一节 `### 第%3章`</translation>
    </message>
    <message>
      <source>write %1, or a `###` section for chapter %3 in %2</source>
      <translation>写 %1，或在 %2 写一节 `### 第%3章`</translation>
    </message>
    <message>
      <source>write %1 (the protagonist&apos;s location, power level, items)</source>
      <translation>写 %1（主角位置、修为、物品）</translation>
    </message>
    <message>
      <source>write a section `## %2` in %1</source>
      <translation>在 %1 写一节 `## %2`</translation>
    </message>
    <message>
      <source>write %1, with the protagonist&apos;s name as its title</source>
      <translation>写 %1，标题写主角的名字</translation>
    </message>
    <message>
      <source>make the title of %1 the protagonist&apos;s name, or add a line with the name</source>
      <translation>把 %1 的标题改成主角的名字，或加一行“姓名：”写上名字</translation>
    </message>
    <message>
      <source>write %1 (banned words, a sample of the book&apos;s prose, point of view and style keywords)</source>
      <translation>写 %1（禁用词、正面样例、视角与风格关键词）</translation>
    </message>
    <message>
      <source>make %3 from a passage of your own text (%1–%2 zi): in the app, Prepare feed &gt; Style anchor from your own text; or `%4` lists the paragraphs, then add --passage START:END; the sample is the passage you chose, the other sections are yours</source>
      <translation>从你自己的正文选一段（%1–%2 字）创建 %3：在应用里点「从正文选段创建文风锚点」，或 `%4` 列出段落后加 --passage START:END；正面样例用你选的那段，其余各节留给你写</translation>
    </message>
    <message>
      <source>an empty pin</source>
      <translation>空的置顶项</translation>
    </message>
    <message>
      <source>not pinned</source>
      <translation>没有置顶</translation>
    </message>
    <message>
      <source>no block named</source>
      <translation>没有写明哪个块</translation>
    </message>
    <message>
      <source>%1 is outside the project folder</source>
      <translation>%1 在项目文件夹之外</translation>
    </message>
    <message>
      <source>chapter text cannot be pinned (it is fed only through a recipe&apos;s window)</source>
      <translation>章节原文不能置顶（章节原文只按配方窗口喂入）</translation>
    </message>
    <message>
      <source>pin broken: %1</source>
      <translation>置顶项失效：%1</translation>
    </message>
    <message>
      <source>pin %1 not placed: this agent has no on-demand layer, or the tracker is missing</source>
      <translation>置顶项 %1 未放入：本 Agent 没有按需层，或追踪表缺失</translation>
    </message>
    <message>
      <source>pin %1 not placed: the trackers have no row at or before chapter %2</source>
      <translation>置顶项 %1 未放入：追踪表中没有第%2章及以前的记录</translation>
    </message>
    <message>
      <source>pin %1 is outside the project folder: not read</source>
      <translation>置顶项 %1 在项目文件夹之外，拒绝读取</translation>
    </message>
    <message>
      <source>pin %1 is chapter text and cannot be pinned (it is fed only through a recipe&apos;s window)</source>
      <translation>置顶项 %1 是章节原文，不能置顶（章节原文只按配方窗口喂入）</translation>
    </message>
    <message>
      <source>pinned block %1 is not in %2&apos;s context for chapter %3</source>
      <translation>置顶块 %1 不在 %2 第%3章的上下文中</translation>
    </message>
    <message>
      <source>due soon: payoff planned for %1 (%2–%3)</source>
      <translation>临近回收：计划回收 %1（%2–%3）</translation>
    </message>
    <message>
      <source>named: %1 (%2)</source>
      <translation>点名：%1（%2）</translation>
    </message>
    <message>
      <source>weakly relevant: frequent character %1</source>
      <translation>弱相关：常见角色 %1</translation>
    </message>
    <message>
      <source>named in the plan: %1</source>
      <translation>本章规划提及：%1</translation>
    </message>
    <message>
      <source>named in the chapter: %1</source>
      <translation>本章正文提及：%1</translation>
    </message>
    <message>
      <source>in the plan&apos;s cast: %1</source>
      <translation>本章规划出场：%1</translation>
    </message>
    <message>
      <source>the protagonist, always present</source>
      <translation>主角，始终在场</translation>
    </message>
    <message>
      <source>%1 (%2 mentions)</source>
      <translation>%1（%2 次）</translation>
    </message>
    <message>
      <source>%1 alias %2</source>
      <translation>%1 别名 %2</translation>
    </message>
    <message>
      <source>%1—%2 %3 (%4)</source>
      <translation>%1—%2 %3（%4）</translation>
    </message>
    <message>
      <source>%1 (payoff planned for %2, %3)</source>
      <translation>%1（计划回收 %2，%3）</translation>
    </message>
    <message>
      <source>%1 paid off in chapter %2</source>
      <translation>%1 已回收@%2</translation>
    </message>
    <message>
      <source>%1 seen again in chapter %2</source>
      <translation>%1 再现于第%2章</translation>
    </message>
    <message>
      <source>%1 %2: %3</source>
      <translation>%1 %2：%3</translation>
    </message>
    <message>
      <source>Fixed layer complete</source>
      <translation>固定层齐备</translation>
    </message>
    <message>
      <source>Rolling layer complete</source>
      <translation>滚动层齐备</translation>
    </message>
    <message>
      <source>On-demand layer complete</source>
      <translation>按需层齐备</translation>
    </message>
    <message>
      <source>%1 attached in full</source>
      <translation>附带 %1 全文</translation>
    </message>
    <message>
      <source>Task material complete</source>
      <translation>本章任务材料齐备</translation>
    </message>
    <message>
      <source>Pinned content complete</source>
      <translation>置顶内容齐备</translation>
    </message>
  </context>
  <context>
    <name>EntryDialog</name>
    <message>
      <source>New foreshadowing entry</source>
      <translation>新增伏笔</translation>
    </message>
    <message>
      <source>not planned</source>
      <translation>未定</translation>
    </message>
    <message>
      <source>names separated by commas</source>
      <translation>多个名字用逗号分隔</translation>
    </message>
    <message>
      <source>words the text will use, by commas</source>
      <translation>正文会用到的词，用逗号分隔</translation>
    </message>
    <message>
      <source>ID</source>
      <translation>ID</translation>
    </message>
    <message>
      <source>Content</source>
      <translation>内容</translation>
    </message>
    <message>
      <source>Planted in chapter</source>
      <translation>埋设章节</translation>
    </message>
    <message>
      <source>Planned payoff</source>
      <translation>计划回收</translation>
    </message>
    <message>
      <source>Importance</source>
      <translation>重要度</translation>
    </message>
    <message>
      <source>Characters</source>
      <translation>相关角色</translation>
    </message>
    <message>
      <source>Keywords</source>
      <translation>关键词</translation>
    </message>
  </context>
  <context>
    <name>FeedPreview</name>
    <message>
      <source>Show the raw text (exactly what is copied and sent)</source>
      <translation>显示原始文本（即复制和发送的内容）</translation>
    </message>
  </context>
  <context>
    <name>FeedSummary</name>
    <message>
      <source>No feed yet</source>
      <translation>尚无喂入</translation>
    </message>
    <message>
      <source>Feed %1 of %2 zi budget (%3)</source>
      <translation>喂入 %1 字 / 预算 %2 字（%3）</translation>
    </message>
    <message>
      <source>%1 of %2 tokens usable (%3)</source>
      <translation>%1 词元 / 可用 %2 词元（%3）</translation>
    </message>
    <message>
      <source>Tokenizer: %1</source>
      <translation>分词器：%1</translation>
    </message>
    <message>
      <source>%1: window %2 tokens minus %3 reserved for the reply</source>
      <translation>%1：窗口 %2 词元，减去为回复预留的 %3</translation>
    </message>
    <message>
      <source>Context ready</source>
      <translation>上下文准备完成</translation>
    </message>
    <message>
      <source>Context not ready: do not call the writing agent yet</source>
      <translation>上下文准备未完成，不得调用写作智能体</translation>
    </message>
    <message>
      <source>(not needed by this agent)</source>
      <translation>（本智能体不需要）</translation>
    </message>
    <message>
      <source> — missing: %1</source>
      <translation> — 缺少：%1</translation>
    </message>
    <message>
      <source> — stale: %1</source>
      <translation> — 已过期：%1</translation>
    </message>
    <message>
      <source> — partly template: %1</source>
      <translation> — 部分仍为模板：%1</translation>
    </message>
    <message>
      <source>, </source>
      <comment>between stale sources</comment>
      <translation>、</translation>
    </message>
    <message>
      <source>Note: %1</source>
      <translation>注意：%1</translation>
    </message>
    <message>
      <source>Fix: %1</source>
      <translation>补救：%1</translation>
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
    <name>ForeshadowingModel</name>
    <message>
      <source>At chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>ID</source>
      <translation>ID</translation>
    </message>
    <message>
      <source>Content</source>
      <translation>内容</translation>
    </message>
    <message>
      <source>Planted</source>
      <translation>埋设</translation>
    </message>
    <message>
      <source>Payoff</source>
      <translation>计划回收</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Importance</source>
      <translation>重要度</translation>
    </message>
    <message>
      <source>Characters</source>
      <translation>相关角色</translation>
    </message>
    <message>
      <source>Keywords</source>
      <translation>关键词</translation>
    </message>
    <message>
      <source>dormant since chapter %1</source>
      <translation>沉寂：最后见于第%1章</translation>
    </message>
    <message>
      <source>for chapter %1: </source>
      <translation>第%1章：</translation>
    </message>
    <message>
      <source>last named in chapter %1</source>
      <translation>最后见于第%1章</translation>
    </message>
  </context>
  <context>
    <name>ForeshadowingTimeline</name>
    <message>
      <source>No foreshadowing entry to show (check the ledger&apos;s filters)</source>
      <translation>没有可显示的伏笔（请检查伏笔账本的筛选）</translation>
    </message>
    <message>
      <source>No foreshadowing yet: add entries in the tracker browser (Trackers ▸ Foreshadowing) or in references/plot-tracker.md.</source>
      <translation>还没有伏笔：在追踪表 ▸ 伏笔中新增，或写进 references/plot-tracker.md。</translation>
    </message>
    <message>
      <source>planted in chapter %1</source>
      <translation>埋设 第%1章</translation>
    </message>
    <message>
      <source>payoff planned for chapter %1</source>
      <translation>计划回收 第%1章</translation>
    </message>
    <message>
      <source>paid off in chapter %1</source>
      <translation>回收 第%1章</translation>
    </message>
    <message>
      <source>at chapter %1: %2</source>
      <translation>第%1章时：%2</translation>
    </message>
    <message>
      <source>, </source>
      <comment>between chapter numbers</comment>
      <translation>、</translation>
    </message>
    <message>
      <source>named again in chapters: %1</source>
      <translation>再现：%1</translation>
    </message>
  </context>
  <context>
    <name>HistoryView</name>
    <message>
      <source>Saved (UTC)</source>
      <translation>保存时间（UTC）</translation>
    </message>
    <message>
      <source>Agent</source>
      <translation>智能体</translation>
    </message>
    <message>
      <source>Zi</source>
      <translation>字</translation>
    </message>
    <message>
      <source>Tokens</source>
      <translation>词元</translation>
    </message>
    <message>
      <source>Ready</source>
      <translation>就绪</translation>
    </message>
    <message>
      <source>Sent</source>
      <translation>已发送</translation>
    </message>
    <message>
      <source>Open read-only</source>
      <translation>只读打开</translation>
    </message>
    <message>
      <source>Compare the two selected</source>
      <translation>比较所选两份</translation>
    </message>
    <message>
      <source>Compare with the feed sent for the previous chapter</source>
      <translation>与上一章发送的喂入比较</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>是</translation>
    </message>
    <message>
      <source>no</source>
      <translation>否</translation>
    </message>
    <message>
      <source>No feed saved for this chapter yet: Save or Send keeps one.</source>
      <translation>本章还没有保存过喂入：点“保存”或“发送”都会留一份。</translation>
    </message>
    <message>
      <source>Select one feed to open it, or two (Ctrl+click) to compare.</source>
      <translation>选一份可只读打开，选两份（Ctrl+单击）可比较。</translation>
    </message>
    <message>
      <source>No %1 feed was sent for chapter %2.</source>
      <translation>第%2章没有发送过 %1 的喂入。</translation>
    </message>
    <message>
      <source>the current feed</source>
      <translation>当前喂入</translation>
    </message>
    <message>
      <source>chapter %1, %2, %3</source>
      <translation>第%1章 · %2 · %3</translation>
    </message>
    <message>
      <source>added</source>
      <translation>新增</translation>
    </message>
    <message>
      <source>removed</source>
      <translation>删除</translation>
    </message>
    <message>
      <source>changed</source>
      <translation>修改</translation>
    </message>
    <message>
      <source>unchanged</source>
      <translation>未变</translation>
    </message>
    <message>
      <source>From %1 to %2</source>
      <translation>从 %1 到 %2</translation>
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
    <message>
      <source>Volume heading on line %1, recorded in %2: %3</source>
      <translation>第 %1 行是分卷标题，已记入 %2：%3</translation>
    </message>
    <message>
      <source>Drop these %1 platform lines from the chapters (each is kept in %2)</source>
      <translation>从章节中删去这 %1 行平台附加文字（每行仍保留在 %2 中）</translation>
    </message>
    <message>
      <source>line %1 · %2 · %3</source>
      <translation>第 %1 行 · %2 · %3</translation>
    </message>
  </context>
  <context>
    <name>LedgerPanel</name>
    <message>
      <source>%1: %2</source>
      <translation>%1：%2</translation>
    </message>
    <message>
      <source>Chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>(or Ctrl+Enter in the table)</source>
      <translation>（在表格中按 Ctrl+Enter 也可打开）</translation>
    </message>
    <message>
      <source>Open chapter %1 (%2)</source>
      <translation>打开第%1章（%2）</translation>
    </message>
    <message>
      <source>Planted</source>
      <translation>埋设</translation>
    </message>
    <message>
      <source>Payoff</source>
      <translation>计划回收</translation>
    </message>
    <message>
      <source>No entry matches the filters. Clear shows them all.</source>
      <translation>没有符合筛选的条目。点“清除筛选”显示全部。</translation>
    </message>
    <message>
      <source>No foreshadowing yet. Select a sentence in a chapter and right-click ▸ Record as foreshadowing, or press New entry: each entry becomes a row of the plot tracker, and the feed reminds you when it is due.</source>
      <translation>还没有伏笔。在正文里选中一句，右键 ▸ 记为伏笔，或点“新增伏笔”：每条伏笔是伏笔追踪表的一行，到期时喂入会提醒你。</translation>
    </message>
    <message>
      <source>New entry</source>
      <translation>新增伏笔</translation>
    </message>
    <message>
      <source>Add an entry planted in the browser&apos;s chapter</source>
      <translation>新增一条伏笔，埋设章节为浏览器当前章节</translation>
    </message>
    <message>
      <source>Resolve here</source>
      <translation>本章回收</translation>
    </message>
    <message>
      <source>Mark the entry 已回收@N for the browser&apos;s chapter</source>
      <translation>把这条标为 已回收@N（N 为浏览器当前章节）</translation>
    </message>
    <message>
      <source>Abandon</source>
      <translation>废弃</translation>
    </message>
    <message>
      <source>Move the entry up in the file</source>
      <translation>在文件中上移这一条</translation>
    </message>
    <message>
      <source>Move the entry down in the file</source>
      <translation>在文件中下移这一条</translation>
    </message>
    <message>
      <source>Pin to feed</source>
      <translation>置顶到喂入</translation>
    </message>
    <message>
      <source>Always feed this entry (the context panel&apos;s pins)</source>
      <translation>每次都喂入这一条（上下文面板的置顶项）</translation>
    </message>
    <message>
      <source>Clear</source>
      <translation>清除筛选</translation>
    </message>
    <message>
      <source>Search ID, content, keywords…</source>
      <translation>搜索 ID、内容、关键词…</translation>
    </message>
    <message>
      <source>From chapter: entries still open or due after it</source>
      <translation>起始章节：此后仍未回收或到期的条目</translation>
    </message>
    <message>
      <source>To chapter: entries planted by then</source>
      <translation>截止章节：此前已埋设的条目</translation>
    </message>
    <message>
      <source>Character</source>
      <translation>角色</translation>
    </message>
    <message>
      <source>All states</source>
      <translation>全部状态</translation>
    </message>
    <message>
      <source>Active (open, due, overdue)</source>
      <translation>进行中（未回收、临近、逾期）</translation>
    </message>
    <message>
      <source>dormant</source>
      <translation>沉寂</translation>
    </message>
    <message>
      <source>All importance</source>
      <translation>全部重要度</translation>
    </message>
    <message>
      <source>%1 of %2 entries</source>
      <translation>共 %2 条，显示 %1 条</translation>
    </message>
    <message>
      <source>Last named in chapter %1, %2 chapters ago.</source>
      <translation>最后一次出现在第%1章，已有%2章未出现。</translation>
    </message>
    <message>
      <source>Select an entry.</source>
      <translation>选中一条伏笔查看详情。</translation>
    </message>
    <message>
      <source>Read only: from webnovel-writer&apos;s memory (%1); change it there, or edit it here after `workbench migrate`.</source>
      <translation>只读：来自 webnovel-writer 的记忆（%1）；请在那里修改，或 `workbench migrate` 迁移后在这里编辑。</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Cannot save the daily goal</source>
      <translation>无法保存每日目标</translation>
    </message>
    <message>
      <source>%1 files changed on disk; %2 open documents affected</source>
      <translation>磁盘上有 %1 个文件被改动；涉及 %2 个已打开的文档</translation>
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
    <name>PinModel</name>
    <message>
      <source>Broken: %1</source>
      <translation>已失效：%1</translation>
    </message>
    <message>
      <source>Drag to reorder; Delete or the context menu unpins.</source>
      <translation>拖动排序；按 Delete 或用右键菜单取消置顶。</translation>
    </message>
    <message>
      <source>Block %1</source>
      <translation>块 %1</translation>
    </message>
    <message>
      <source>Tracker entry %1</source>
      <translation>追踪表条目 %1</translation>
    </message>
  </context>
  <context>
    <name>PrepareFeed</name>
    <message>
      <source>Select the battle passage in chapter %1's editor first, then press Prepare again: BattleAgent's feed is built around the selection.</source>
      <translation>请先在第%1章的编辑器中选定战斗段落，再点“准备喂入”：BattleAgent 的喂入围绕选段构建。</translation>
    </message>
    <message>
      <source>%1 written: its 正面样例 is your passage; the other sections are yours</source>
      <translation>已写入 %1：正面样例是你选的那段，其余各节留给你写</translation>
    </message>
    <message>
      <source>Open a project first.</source>
      <translation>请先打开一个项目。</translation>
    </message>
    <message>
      <source>BattleAgent needs a passage</source>
      <translation>BattleAgent 需要选定段落</translation>
    </message>
    <message>
      <source>Generating…</source>
      <translation>生成中…</translation>
    </message>
    <message>
      <source>No missing summary range closes before this chapter yet.</source>
      <translation>本章之前还没有已满五章、缺少摘要的区间。</translation>
    </message>
    <message>
      <source>Select the passage in the chapter editor first.</source>
      <translation>请先在章节编辑器中选定段落。</translation>
    </message>
    <message>
      <source>Cannot create the file</source>
      <translation>无法创建文件</translation>
    </message>
    <message>
      <source>%1 was not generated: %2</source>
      <translation>%1 未生成：%2</translation>
    </message>
    <message>
      <source>Chapter has unsaved edits</source>
      <translation>本章有未保存的修改</translation>
    </message>
    <message>
      <source>Chapter %1 has unsaved edits in the editor. Save or discard them first; the draft stays here.</source>
      <translation>第%1章在编辑器里有未保存的修改。请先保存或放弃这些修改；草稿仍保留在这里。</translation>
    </message>
    <message>
      <source>Replace the chapter?</source>
      <translation>替换本章？</translation>
    </message>
    <message>
      <source>Replace chapter %1 (%2 字) with the draft? The current text is kept as a backup in .workbench/backups/.</source>
      <translation>用草稿替换第%1章（%2 字）吗？当前正文会备份到 .workbench/backups/。</translation>
    </message>
    <message>
      <source>Cannot save the draft</source>
      <translation>无法保存草稿</translation>
    </message>
    <message>
      <source>Draft written to %1</source>
      <translation>草稿已写入 %1</translation>
    </message>
    <message>
      <source> (old text kept in %1)</source>
      <translation>（原文已备份到 %1）</translation>
    </message>
    <message>
      <source>A reply is still arriving</source>
      <translation>回复仍在接收中</translation>
    </message>
    <message>
      <source>The %1 reply for chapter %2 is still arriving. Stop it (the partial draft is kept in .workbench/drafts/) and prepare the new feed?</source>
      <translation>第%2章的 %1 回复仍在接收中。要停止它（已收到的部分草稿保留在 .workbench/drafts/）并准备新的喂入吗？</translation>
    </message>
    <message>
      <source>The feed for chapter %1</source>
      <translation>第%1章的喂入</translation>
    </message>
  </context>
  <context>
    <name>PrepareFeedDialog</name>
    <message>
      <source>, </source>
      <comment>between the names of missing checklist lines</comment>
      <translation>、</translation>
    </message>
    <message>
      <source>Prepare %1 feed</source>
      <translation>准备 %1 喂入</translation>
    </message>
    <message>
      <source>Rebuild</source>
      <translation>重新构建</translation>
    </message>
    <message>
      <source>Edit system message…</source>
      <translation>编辑系统提示…</translation>
    </message>
    <message>
      <source>Context actually fed this time (checklist)</source>
      <translation>本次实际喂入的上下文清单</translation>
    </message>
    <message>
      <source>Preview</source>
      <translation>预览</translation>
    </message>
    <message>
      <source>History</source>
      <translation>历史</translation>
    </message>
    <message>
      <source>Copy</source>
      <translation>复制</translation>
    </message>
    <message>
      <source>Copy anyway</source>
      <translation>仍然复制</translation>
    </message>
    <message>
      <source>Save</source>
      <translation>保存</translation>
    </message>
    <message>
      <source>Send to model</source>
      <translation>发送给模型</translation>
    </message>
    <message>
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>%1 · chapter %2</source>
      <translation>%1 · 第%2章</translation>
    </message>
    <message>
      <source>%1 · chapter %2 · type %3 · stage %4</source>
      <translation>%1 · 第%2章 · 类型 %3 · 阶段 %4</translation>
    </message>
    <message>
      <source>The feed could not be built: %1</source>
      <translation>无法构建喂入：%1</translation>
    </message>
    <message>
      <source>Not ready — missing: %1. Use the buttons above to fix it (or Copy anyway).</source>
      <translation>未就绪——缺少：%1。用上方的按钮补齐（或“仍然复制”）。</translation>
    </message>
    <message>
      <source>No model endpoint configured: set the base URL and model in Settings (or WORKBENCH_LLM_BASE_URL and WORKBENCH_LLM_MODEL).</source>
      <translation>未配置模型端点：请在“设置”中填写 Base URL 和模型（或设置 WORKBENCH_LLM_BASE_URL 和 WORKBENCH_LLM_MODEL）。</translation>
    </message>
    <message>
      <source>A reply is still arriving; cancel it or wait.</source>
      <translation>回复仍在接收中；请取消或等待。</translation>
    </message>
    <message>
      <source>Copied the %1 feed (%2 字)</source>
      <translation>已复制 %1 喂入（%2 字）</translation>
    </message>
    <message>
      <source>Cannot save the feed: %1</source>
      <translation>无法保存喂入：%1</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
    <message>
      <source>Draft %1</source>
      <translation>草稿 %1</translation>
    </message>
    <message>
      <source>The model call failed (the chapter is unchanged): %1</source>
      <translation>模型调用失败（章节未改动）：%1</translation>
    </message>
    <message>
      <source>Total %1 zi of a %2 zi budget · %3 tokens of %4 (%5: window %6 minus a %7 reply reserve) · %8%</source>
      <translation>合计 %1 字 / 预算 %2 字 · %3 词元 / 可用 %4（%5：窗口 %6 减去回复预留 %7）· 占 %8%</translation>
    </message>
    <message>
      <source>plot</source>
      <translation>情节</translation>
    </message>
    <message>
      <source>battle</source>
      <translation>战斗</translation>
    </message>
    <message>
      <source>emotion</source>
      <translation>情感</translation>
    </message>
    <message>
      <source>transition</source>
      <translation>过渡</translation>
    </message>
    <message>
      <source>early</source>
      <translation>前期</translation>
    </message>
    <message>
      <source>middle</source>
      <translation>中期</translation>
    </message>
    <message>
      <source>late</source>
      <translation>后期</translation>
    </message>
    <message>
      <source>%1 (%2) needs an API key: set it in Settings.</source>
      <translation>%1（%2）需要 API 密钥：请在“设置”中填写。</translation>
    </message>
    <message>
      <source>Copied ✓</source>
      <translation>已复制 ✓</translation>
    </message>
  </context>
  <context>
    <name>PresenceHeatmap</name>
    <message>
      <source> (common)</source>
      <translation>（常见）</translation>
    </message>
    <message>
      <source> (dormant)</source>
      <translation>（沉寂）</translation>
    </message>
    <message>
      <source>No character matches the filter</source>
      <translation>没有符合筛选的角色</translation>
    </message>
    <message>
      <source>No cast yet: give each character a ## section in characters/characters.md (别名： for aliases) and they appear here.</source>
      <translation>还没有角色：在 characters/characters.md 里为每个角色写一个 ## 小节（别名：一行写别称），他们就会出现在这里。</translation>
    </message>
    <message>
      <source>chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>chapters %1–%2</source>
      <translation>第%1–%2章</translation>
    </message>
    <message>
      <source>%1 · %2 · %3 times</source>
      <translation>%1 · %2 · %3次</translation>
    </message>
  </context>
  <context>
    <name>PresenceModel</name>
    <message>
      <source>Ch. %1</source>
      <translation>第%1章</translation>
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
      <translation>上下文窗口（词元）</translation>
    </message>
    <message>
      <source>Reply reserve (tokens)</source>
      <translation>回复预留（词元）</translation>
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
      <source>%1 tokens</source>
      <translation>%1 词元</translation>
    </message>
    <message>
      <source>nothing: reserve ≥ window</source>
      <translation>无：预留不小于窗口</translation>
    </message>
    <message>
      <source>streams its reasoning before the answer</source>
      <translation>回答之前先流式输出思考过程</translation>
    </message>
    <message>
      <source>not set</source>
      <translation>未设</translation>
    </message>
    <message>
      <source>cache hit</source>
      <translation>缓存命中</translation>
    </message>
    <message>
      <source>miss</source>
      <translation>未命中</translation>
    </message>
    <message>
      <source>output</source>
      <translation>输出</translation>
    </message>
    <message>
      <source>Thinking model</source>
      <translation>思考模型</translation>
    </message>
    <message>
      <source>Prices per million tokens</source>
      <translation>每百万词元价格</translation>
    </message>
    <message>
      <source>Window and tokenizer as the provider documents them. Prices are yours to set from the provider&apos;s pricing page; without them calls are counted, not priced.</source>
      <translation>窗口与分词器按服务商文档填写。价格请按服务商的价格页自行填写；不填则只统计词元，不计费用。</translation>
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
    <message>
      <source>Open</source>
      <translation>打开</translation>
    </message>
    <message>
      <source>Pin to the feed</source>
      <translation>置顶到喂入</translation>
    </message>
    <message>
      <source>Pin to the feed (not for chapter text)</source>
      <translation>置顶到喂入（章节原文不可置顶）</translation>
    </message>
  </context>
  <context>
    <name>Prompts</name>
    <message>
      <source>Restore into the editor</source>
      <translation>恢复到编辑器</translation>
    </message>
    <message>
      <source>Throw the kept text away</source>
      <translation>丢弃保留的文字</translation>
    </message>
    <message>
      <source>Decide later (keep it)</source>
      <translation>以后再决定（先留着）</translation>
    </message>
    <message>
      <source>Workbench crashed last time</source>
      <translation>Workbench 上次崩溃了</translation>
    </message>
    <message>
      <source>Workbench quit unexpectedly the last time it ran. What it was doing is in the crash log:

%1

Unsaved text is offered when you open its project. If you report the problem, please attach this file.</source>
      <translation>Workbench 上次运行时意外退出。当时的情况记在崩溃日志里：

%1

未保存的文字会在打开它的项目时提示恢复。报告问题时请附上这个文件。</translation>
    </message>
    <message>
        <source>Open the sample novel</source>
        <translation>打开示例小说</translation>
    </message>
    <message>
        <source>Workbench will copy the sample novel 《烬灯录》 into a new folder:

%1

and open it there. Nothing else is changed.</source>
        <translation>Workbench 会把示例小说《烬灯录》复制到一个新文件夹：

%1

并在那里打开。其他任何文件都不会改动。</translation>
    </message>
    <message>
      <source>Project already open</source>
      <translation>项目已在别处打开</translation>
    </message>
    <message>
      <source>This project is already open in another Workbench (on %1, process %2, since %3).

If both save the same chapter, one of them overwrites the other&apos;s words. Open it here anyway?</source>
      <translation>这个项目已在另一个 Workbench 中打开（%1，进程 %2，自 %3 起）。

如果两边保存同一章，其中一边会覆盖另一边写下的字。仍要在这里打开吗？</translation>
    </message>
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
    <message numerus="yes">
      <source>Something went wrong inside Workbench. Unsaved text of %n open file(s) was written to .workbench/autosave/ and will be offered the next time you open the project.</source>
      <translation>
        <numerusform>Workbench 内部出错。%n 个已打开文件中未保存的文字已写入 .workbench/autosave/，下次打开项目时会提示恢复。</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1 calls for %n rolling summaries (%2).</source>
      <translation>
        <numerusform>%1需要生成 %n 段滚动摘要（%2）。</numerusform>
      </translation>
    </message>
    <message>
      <source>They are sent to your model endpoint: about %1 tokens in all (an upper estimate), which your provider may charge for.</source>
      <translation>这些任务会发送到你的模型接口：合计约 %1 词元（按上限估算），服务商可能按量计费。</translation>
    </message>
    <message>
      <source>Queue them now? They run one after another in the background; Feed ▸ Summary jobs shows them and cancels any of them.</source>
      <translation>现在排队吗？它们会在后台依次运行；在 喂入 ▸ 摘要任务 中可以查看并取消其中任何一个。</translation>
    </message>
    <message>
      <source>Queue rolling summaries?</source>
      <translation>排队生成滚动摘要？</translation>
    </message>
    <message>
      <source>Replace a hand-written summary?</source>
      <translation>替换手写的摘要？</translation>
    </message>
    <message>
      <source>The rolling summary %1 was written by hand. Regenerating it replaces it with a generated section. Go on?</source>
      <translation>滚动摘要 %1 是手写的。重新生成会用生成的一节替换它。继续吗？</translation>
    </message>
    <message>
      <source>%1 calls for %2 rolling summaries (%3) and %4 memory upkeep runs (%5).</source>
      <translation>%1需要生成 %2 个滚动摘要（%3）和 %4 次记忆提议（%5）。</translation>
    </message>
    <message>
      <source>They are sent to your model endpoint: about %1 tokens for the summaries and %2 for the upkeep (upper estimates), which your provider may charge for.</source>
      <translation>它们会发送到你的模型端点：摘要约 %1 词元，记忆提议约 %2 词元（上限估计），服务商可能会收费。</translation>
    </message>
    <message>
      <source>They run one after another in the background; Feed ▸ Summary jobs shows them and cancels any of them. Upkeep writes nothing until you accept a proposal.</source>
      <translation>它们在后台依次运行；喂入 ▸ 摘要任务 可以查看并取消其中任何一个。记忆提议在你接受之前不会写入任何文件。</translation>
    </message>
    <message>
      <source>Queue background jobs?</source>
      <translation>排队后台任务？</translation>
    </message>
    <message>
      <source>Queue both</source>
      <translation>两项都排队</translation>
    </message>
    <message>
      <source>Summaries only</source>
      <translation>只排队滚动摘要</translation>
    </message>
    <message>
      <source>Neither</source>
      <translation>都不排队</translation>
    </message>
  </context>
  <context>
    <name>RelationsPanel</name>
    <message>
      <source>No relationships yet. Each row of the relationship tracker (chapter, character A, character B, relationship, change, note) becomes a line between two names here; Open tracker file above opens it.</source>
      <translation>还没有人物关系。人物关系变动表的每一行（章节、角色A、角色B、关系、变化、说明）在这里画成两个名字之间的一条线；点上方“打开追踪表文件”去写。</translation>
    </message>
    <message>
      <source>Fit</source>
      <translation>适应窗口</translation>
    </message>
    <message>
      <source>Show the whole graph (Ctrl + wheel zooms)</source>
      <translation>显示整张关系图（Ctrl + 滚轮缩放）</translation>
    </message>
    <message>
      <source>Clear</source>
      <translation>清除筛选</translation>
    </message>
    <message>
      <source>Character</source>
      <translation>角色</translation>
    </message>
    <message>
      <source>From chapter</source>
      <translation>起始章节</translation>
    </message>
    <message>
      <source>To chapter</source>
      <translation>截止章节</translation>
    </message>
    <message>
      <source>The chapter the graph shows</source>
      <translation>关系图所示的章节</translation>
    </message>
    <message>
      <source>Chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>History of %1</source>
      <translation>%1 的关系变化</translation>
    </message>
    <message>
      <source>Red: changed in this chapter. Faded: no relationship yet. Click a label for the pair&apos;s history, a name for everyone tied to them.</source>
      <translation>红色：本章有变化。淡色：此时尚无关系。点标签看这一对的关系变化，点人名看与其相关的全部关系。</translation>
    </message>
    <message>
      <source>Pin pair to feed</source>
      <translation>把这一对置顶到喂入</translation>
    </message>
  </context>
  <context>
    <name>RelationshipGraph</name>
    <message>
      <source>Chapter %1: %2 is %3</source>
      <translation>第%1章：%2 为 %3</translation>
    </message>
  </context>
  <context>
    <name>RelationshipModel</name>
    <message>
      <source>Chapter</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>Character A</source>
      <translation>角色A</translation>
    </message>
    <message>
      <source>Character B</source>
      <translation>角色B</translation>
    </message>
    <message>
      <source>Relation</source>
      <translation>关系</translation>
    </message>
    <message>
      <source>Change</source>
      <translation>变化</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>说明</translation>
    </message>
  </context>
  <context>
    <name>SettingsDialog</name>
    <message>
      <source> zi</source>
      <translation> 字</translation>
    </message>
    <message>
      <source>none</source>
      <translation>不设</translation>
    </message>
    <message>
      <source>This book's goal, kept in its workbench.toml</source>
      <translation>本书的目标，保存在它的 workbench.toml</translation>
    </message>
    <message>
      <source>Open a book to set its daily goal</source>
      <translation>打开一本书后可设每日目标</translation>
    </message>
    <message>
      <source>Daily goal (this book)</source>
      <translation>每日目标（本书）</translation>
    </message>
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
    <message>
        <source>Propose tracker and cast updates with each rolling summary</source>
        <translation>每次滚动摘要时，提议追踪表和人物表的更新</translation>
    </message>
  </context>
  <context>
    <name>SendJob</name>
    <message>
      <source>the reply is longer than %1 characters, more than any draft; refused</source>
      <translation>回复超过 %1 字，比任何草稿都长，已拒收</translation>
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
      <source> (%1 more queued)</source>
      <translation>（另有 %1 个排队）</translation>
    </message>
    <message>
      <source>%1 ready; waiting for %2 to be saved</source>
      <translation>%1 已生成，等待 %2 保存后写入</translation>
    </message>
    <message>
      <source>Working on %1</source>
      <translation>正在生成%1</translation>
    </message>
    <message>
      <source>%1 queued</source>
      <translation>%1 已排队</translation>
    </message>
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
  </context>
  <context>
    <name>TrackerBrowser</name>
    <message>
      <source>%1, line %2: %3 written</source>
      <translation>%1 第%2行：已写入%3</translation>
    </message>
    <message>
      <source>Undo</source>
      <translation>撤销</translation>
    </message>
    <message>
      <source>Undo “%1” (%2)</source>
      <translation>撤销“%1”（%2）</translation>
    </message>
    <message>
      <source>At chapter</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>Follow the editor</source>
      <translation>跟随编辑器</translation>
    </message>
    <message>
      <source>Keep the browser at the chapter open in the editor</source>
      <translation>浏览器始终停在编辑器打开的章节</translation>
    </message>
    <message>
      <source>Open tracker file</source>
      <translation>打开追踪表文件</translation>
    </message>
    <message>
      <source>Foreshadowing</source>
      <translation>伏笔</translation>
    </message>
    <message>
      <source>Relationships</source>
      <translation>人物关系</translation>
    </message>
    <message>
      <source>%1, line %2: %3</source>
      <translation>%1 第%2行：%3</translation>
    </message>
    <message>
      <source>%1 does not parse: shown read-only, and nothing will be written to it until these lines are fixed (double-click one to open the file).</source>
      <translation>%1 无法完整解析：以只读方式显示，修正下列各行之前不会写入这个文件（双击一行打开文件）。</translation>
    </message>
    <message>
      <source>A tracker file cannot be read.</source>
      <translation>有追踪表文件无法读取。</translation>
    </message>
    <message>
      <source>%1: %2 written</source>
      <translation>%1：已写入%2</translation>
    </message>
    <message>
      <source>%1 added</source>
      <translation>已新增 %1</translation>
    </message>
    <message>
      <source>%1 resolved in chapter %2</source>
      <translation>%1 已在第%2章回收</translation>
    </message>
    <message>
      <source>%1 abandoned</source>
      <translation>%1 已废弃</translation>
    </message>
    <message>
      <source>%1 moved</source>
      <translation>%1 已移动</translation>
    </message>
  </context>
  <context>
    <name>TrackerDock</name>
    <message>
      <source>Trackers</source>
      <translation>追踪表</translation>
    </message>
  </context>
  <context>
    <name>TrackerFileOpener</name>
    <message>
      <source>The relationships come from webnovel-writer&apos;s database %1 (SQLite, not text: the editor cannot open it). They are shown read-only here; to edit them in the app, run `%2` first.</source>
      <translation>人物关系来自 webnovel-writer 的数据库 %1（SQLite 数据库，不是文本，编辑器打不开），这里只读显示；想在应用里编辑，先运行 `%2` 迁移。</translation>
    </message>
    <message>
      <source>There is no tracker file here yet: %1 does not exist.</source>
      <translation>这里还没有追踪表文件：%1 不存在。</translation>
    </message>
    <message>
      <source>Opened %1 (%2): webnovel-writer keeps this file, so the ledger shows it read-only; what you change in it changes webnovel-writer&apos;s memory. To edit the entries in the ledger, run `%3` first.</source>
      <translation>已打开 %1（%2）：这是 webnovel-writer 维护的记忆文件，所以伏笔表在这里只读；在编辑器里改它，就是改 webnovel-writer 的记忆。想在伏笔表里直接编辑，先运行 `%3` 迁移。</translation>
    </message>
  </context>
  <context>
    <name>TrackerStore</name>
    <message>
      <source>This project has no %1 tracker file.</source>
      <translation>这个项目没有 %1 追踪表文件。</translation>
    </message>
    <message>
      <source>This project has no foreshadowing tracker file.</source>
      <translation>这个项目没有伏笔追踪表文件。</translation>
    </message>
    <message>
      <source>%1 has errors and is read-only here; fix them in the file first.</source>
      <translation>%1 有错误，这里只读；请先在文件中修正。</translation>
    </message>
    <message>
      <source>%1 is open in an editor with unsaved edits; save or discard them first.</source>
      <translation>%1 正在编辑器中打开且有未保存的修改；请先保存或放弃。</translation>
    </message>
    <message>
      <source>%1 changed on disk and has been reloaded; nothing was written.</source>
      <translation>%1 已在磁盘上被改动，已重新载入；这次没有写入。</translation>
    </message>
    <message>
      <source>Not written: %1</source>
      <translation>未写入：%1</translation>
    </message>
    <message>
      <source>The trackers are still being read; try again in a moment.</source>
      <translation>追踪表仍在读取，请稍候再试。</translation>
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
    <message>
      <source>F&amp;eed</source>
      <translation>喂入(&amp;E)</translation>
    </message>
    <message>
      <source>Toolbar</source>
      <translation>工具栏</translation>
    </message>
    <message>
      <source>Prepare %1 feed…</source>
      <translation>准备 %1 喂入…</translation>
    </message>
    <message>
      <source>Prepare %1 feed</source>
      <translation>准备 %1 喂入</translation>
    </message>
    <message>
      <source>Check, preview, copy or send the %1 feed for the current chapter (%2)</source>
      <translation>检查、预览、复制或发送当前章节的 %1 喂入（%2）</translation>
    </message>
    <message>
      <source>Summary jobs…</source>
      <translation>摘要任务…</translation>
    </message>
    <message>
      <source>Usage…</source>
      <translation>用量…</translation>
    </message>
    <message>
      <source> (%1 failed)</source>
      <translation>（%1 个失败）</translation>
    </message>
    <message>
      <source>Search the book…</source>
      <translation>在全书中搜索…</translation>
    </message>
  </context>
  <context>
    <name>StyleAnchorDialog</name>
    <message>
      <source>Style anchor from your own text</source>
      <translation>从正文选段创建文风锚点</translation>
    </message>
    <message>
      <source>Select a passage of your own chapters (%1–%2 字) that sounds the way the book should. It becomes the 正面样例 of meta/style-anchor.md; the other sections (banned words, a bad example, point of view) stay for you to write.</source>
      <translation>在你自己的正文里选一段（%1–%2 字），要能代表这本书该有的声音。它会成为 meta/style-anchor.md 的“正面样例”；其余各节（禁用词、反面示例、视角）留给你写。</translation>
    </message>
    <message>
      <source>Chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>Create style anchor</source>
      <translation>创建文风锚点</translation>
    </message>
    <message>
      <source>Chapter</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>Selected: %1 字</source>
      <translation>已选：%1 字</translation>
    </message>
    <message>
      <source>(choose %1–%2 字)</source>
      <translation>（请选 %1–%2 字）</translation>
    </message>
    <message>
      <source>The style anchor was not created</source>
      <translation>未创建文风锚点</translation>
    </message>
  </context>
  <context>
    <name>SummaryJobsDialog</name>
    <message>
      <source>Summary jobs</source>
      <translation>摘要任务</translation>
    </message>
    <message>
      <source>Cancel job</source>
      <translation>取消任务</translation>
    </message>
    <message>
      <source>Rolling-summary section:</source>
      <translation>滚动摘要段落：</translation>
    </message>
    <message>
      <source>Regenerate</source>
      <translation>重新生成</translation>
    </message>
    <message>
      <source>stale</source>
      <translation>已过期</translation>
    </message>
    <message>
      <source>written by hand</source>
      <translation>手写</translation>
    </message>
  </context>
  <context>
    <name>SummaryJobsModel</name>
    <message>
      <source>waits for %1, which failed; regenerate %1 and this one follows</source>
      <translation>等待 %1（它失败了）；重新生成 %1 后这一段接着进行</translation>
    </message>
    <message>
      <source>waiting for an earlier range</source>
      <translation>等待前一段</translation>
    </message>
    <message>
      <source>waiting until the file is saved</source>
      <translation>等文件保存后写入</translation>
    </message>
    <message>
      <source>nothing written</source>
      <translation>未写入任何内容</translation>
    </message>
    <message>
      <source>queued</source>
      <translation>排队中</translation>
    </message>
    <message>
      <source>running</source>
      <translation>运行中</translation>
    </message>
    <message>
      <source>ready, not written yet</source>
      <translation>已生成，尚未写入</translation>
    </message>
    <message>
      <source>done</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>cancelled</source>
      <translation>已取消</translation>
    </message>
    <message>
      <source>State</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Detail</source>
      <translation>详情</translation>
    </message>
    <message>
      <source>Job</source>
      <translation>任务</translation>
    </message>
    <message>
      <source>Range</source>
      <translation>范围</translation>
    </message>
  </context>
  <context>
    <name>Underlines</name>
    <message>
      <source>Ignore: %1</source>
      <translation>忽略：%1</translation>
    </message>
  </context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Workbench</source>
        <translation>Workbench 写作台</translation>
    </message>
    <message>
      <source>A book is a folder of Markdown files. Every agent call gets the fixed, rolling and on-demand layers within budget, listed in a checklist before it is sent.</source>
      <translation>一本书就是一个 Markdown 文件夹。每次调用写作智能体，固定层、滚动层和按需层都在预算之内喂入，发送前先列出上下文清单。</translation>
    </message>
    <message>
        <source>Open the sample novel 《烬灯录》 (a copy)</source>
        <translation>打开示例小说《烬灯录》（副本）</translation>
    </message>
    <message>
        <source>Copies the bundled sample into %1 and opens it; the original stays as it is.</source>
        <translation>把自带的示例复制到 %1 并打开；原件保持不变。</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>新建项目…</translation>
    </message>
    <message>
        <source>Open a project folder…</source>
        <translation>打开项目文件夹…</translation>
    </message>
    <message>
        <source>Import a manuscript (TXT, Markdown, Word)…</source>
        <translation>导入手稿（TXT、Markdown、Word）…</translation>
    </message>
    <message>
        <source>Recent projects</source>
        <translation>最近的项目</translation>
    </message>
</context>
  <context>
    <name>UsageLine</name>
    <message>
      <source>cache not reported</source>
      <translation>未报告缓存</translation>
    </message>
    <message>
      <source>cache hit %1</source>
      <translation>缓存命中 %1</translation>
    </message>
    <message>
      <source>no prices set</source>
      <translation>未设价格</translation>
    </message>
    <message>
      <source>Usage: %1 prompt tokens (%2) · %3 out · %4</source>
      <translation>用量：输入 %1 词元（%2）· 输出 %3 · %4</translation>
    </message>
    <message>
      <source> · thinking %1</source>
      <translation> · 思考 %1</translation>
    </message>
    <message>
      <source> · estimated: the server reported no usage</source>
      <translation> · 估算：服务器未报告用量</translation>
    </message>
  </context>
  <context>
    <name>UsageTableModel</name>
    <message>
      <source>Chapter</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>Agent</source>
      <translation>智能体</translation>
    </message>
    <message>
      <source>Day</source>
      <translation>日期</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Calls</source>
      <translation>调用次数</translation>
    </message>
    <message>
      <source>Prompt tokens</source>
      <translation>输入词元</translation>
    </message>
    <message>
      <source>Cache hits</source>
      <translation>缓存命中</translation>
    </message>
    <message>
      <source>Hit share</source>
      <translation>命中率</translation>
    </message>
    <message>
      <source>Output tokens</source>
      <translation>输出词元</translation>
    </message>
    <message>
      <source>Thinking tokens</source>
      <translation>思考词元</translation>
    </message>
    <message>
      <source>Seconds</source>
      <translation>秒</translation>
    </message>
    <message>
      <source>Cost</source>
      <translation>费用</translation>
    </message>
    <message>
      <source>%1 of these calls are our own estimate: the server reported no usage</source>
      <translation>其中 %1 次是 Workbench 的估算：服务器未报告用量</translation>
    </message>
  </context>
  <context>
    <name>UsageView</name>
    <message>
      <source>Usage</source>
      <translation>用量</translation>
    </message>
    <message>
      <source>By chapter</source>
      <translation>按章节</translation>
    </message>
    <message>
      <source>By agent</source>
      <translation>按智能体</translation>
    </message>
    <message>
      <source>By day</source>
      <translation>按日期</translation>
    </message>
    <message>
      <source>By model</source>
      <translation>按模型</translation>
    </message>
    <message>
      <source>Refresh</source>
      <translation>刷新</translation>
    </message>
    <message>
      <source>Tokens as the model servers reported them; * marks calls the server reported nothing for, counted by Workbench. Prices per million tokens are set per model profile in Settings.</source>
      <translation>词元数以模型服务器报告的为准；* 表示服务器未报告、由 Workbench 自行估算的调用。每百万词元的价格在“设置”里按模型配置填写。</translation>
    </message>
    <message>
      <source>No model calls recorded yet (%1).</source>
      <translation>还没有记录任何模型调用（%1）。</translation>
    </message>
    <message>
      <source>Whole book: %1 calls · %2 prompt tokens (cache hit %3) · %4 output tokens (thinking %5) · %6</source>
      <translation>全书合计：%1 次调用 · 输入 %2 词元（缓存命中 %3）· 输出 %4 词元（思考 %5）· %6</translation>
    </message>
  </context>
  <context>
    <name>CrashDialog</name>
    <message>
      <source>Unexpected error</source>
      <translation>意外错误</translation>
    </message>
    <message>
      <source>Show details</source>
      <translation>显示详情</translation>
    </message>
    <message>
      <source>Copy details</source>
      <translation>复制详情</translation>
    </message>
    <message>
      <source>Copied</source>
      <translation>已复制</translation>
    </message>
    <message>
      <source>Hide details</source>
      <translation>隐藏详情</translation>
    </message>
  </context>
  <context>
    <name>ViewMenu</name>
    <message>
      <source>Project tree</source>
      <translation>项目树</translation>
    </message>
    <message>
      <source>Reset layout</source>
      <translation>重置布局</translation>
    </message>
  </context>
  <context>
    <name>KindModel</name>
    <message>
      <source>Why relevant now</source>
      <translation>当前相关原因</translation>
    </message>
  </context>
  <context>
    <name>KindPanel</name>
    <message>
      <source>%1 · %2 rows, %3 relevant to the chapter in the editor</source>
      <translation>%1 · 共 %2 行，其中 %3 行与编辑器中的章节相关</translation>
    </message>
    <message>
      <source>read-only until its errors are fixed</source>
      <translation>修正错误之前只读</translation>
    </message>
  </context>
  <context>
    <name>WritingStatsChart</name>
    <message>
      <source>Chapters finished per week</source>
      <translation>每周完成章节</translation>
    </message>
    <message>
      <source>zi</source>
      <translation>字</translation>
    </message>
    <message>
      <source>goal %1</source>
      <translation>目标 %1</translation>
    </message>
    <message>
      <source>chapters</source>
      <translation>章</translation>
    </message>
  </context>
  <context>
    <name>window</name>
    <message>
      <source>Saving chapter %1</source>
      <translation>保存第%1章</translation>
    </message>
  </context>
<context>
    <name>ProposalEditDialog</name>
    <message>
        <source>Edit, then accept: %1</source>
        <translation>编辑后接受：%1</translation>
    </message>
</context>
<context>
    <name>ReviewPanel</name>
    <message>
        <source>Propose for chapters</source>
        <translation>为这些章节提议</translation>
    </message>
    <message>
        <source>Propose</source>
        <translation>提议</translation>
    </message>
    <message>
        <source>Whole book…</source>
        <translation>整本书…</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Write this change (Enter)</source>
        <translation>写入这项修改（回车）</translation>
    </message>
    <message>
        <source>Edit, then accept…</source>
        <translation>编辑后接受…</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Never propose this again for its range (Delete)</source>
        <translation>此范围内不再提议这一项（Delete）</translation>
    </message>
    <message>
        <source>Accept all of this kind in the range</source>
        <translation>接受本范围同类全部</translation>
    </message>
    <message>
        <source>Reject all of this kind in the range</source>
        <translation>拒绝本范围同类全部</translation>
    </message>
    <message>
        <source>All ranges</source>
        <translation>全部范围</translation>
    </message>
    <message>
        <source>No proposal waiting. Save a fifth chapter, or propose for a range above.</source>
        <translation>没有待审的提议。保存第五章（或其倍数章），或在上方为一段章节提议。</translation>
    </message>
    <message>
        <source>Chapter %1, line %2 (double-click to open it there)</source>
        <translation>第%1章第%2行（双击在该处打开）</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>未写入：%1</translation>
    </message>
    <message>
        <source>Accepted: %1</source>
        <translation>已接受：%1</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>未记录：%1</translation>
    </message>
    <message>
        <source>%1 rejected; not proposed again for their range</source>
        <translation>已拒绝 %1 项；在其范围内不再提议</translation>
    </message>
    <message>
      <source>Review (%1)</source>
      <translation>待审 (%1)</translation>
    </message>
    <message>
      <source>Review</source>
      <translation>待审</translation>
    </message>
    <message>
      <source>%1 more not listed: the book has them now (in the cast or the trackers)</source>
      <translation>另有 %1 条不再列出：书里已经有了（角色表或追踪表）</translation>
    </message>
</context>
<context>
    <name>Upkeep</name>
    <message>
        <source>New character</source>
        <translation>新角色</translation>
    </message>
    <message>
        <source>New alias</source>
        <translation>新别名</translation>
    </message>
    <message>
        <source>Relationship</source>
        <translation>关系变化</translation>
    </message>
    <message>
        <source>New foreshadowing</source>
        <translation>新伏笔</translation>
    </message>
    <message>
        <source>Paid off</source>
        <translation>伏笔回收</translation>
    </message>
    <message>
        <source>Sighting</source>
        <translation>伏笔再现</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态变化</translation>
    </message>
    <message>
        <source>Chapter %1, line %2</source>
        <translation>第%1章第%2行</translation>
    </message>
    <message>
        <source>Range</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Proposed change</source>
        <translation>提议的修改</translation>
    </message>
    <message>
        <source>Ch.</source>
        <translation>章</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>%1: upkeep proposals for %2 ranges (%3 chapters, %4).</source>
        <translation>%1：为 %2 个范围（%3 章，%4）提议记忆更新。</translation>
    </message>
    <message>
      <source>They are sent to your model endpoint: about %1 tokens in all (an upper estimate), which your provider may charge for.</source>
      <translation>这些请求会发送到你的模型接口：总计约 %1 词元（上限估计），服务商可能会收费。</translation>
    </message>
    <message>
        <source>Nothing is written to a tracker or the cast until you accept a proposal. Queue them now?</source>
        <translation>在你接受某项提议之前，追踪表和人物表都不会被写入。现在排队吗？</translation>
    </message>
    <message>
        <source>Propose tracker and cast updates?</source>
        <translation>提议追踪表和人物表的更新？</translation>
    </message>
</context>
<context>
    <name>UpkeepTrigger</name>
    <message>
        <source>Saving chapter %1</source>
        <translation>保存第%1章</translation>
    </message>
    <message>
        <source>Upkeep of chapters %1-%2</source>
        <translation>第%1-%2章的记忆更新</translation>
    </message>
    <message>
        <source>Upkeep of the whole book</source>
        <translation>整本书的记忆更新</translation>
    </message>
    <message>
        <source>Upkeep not queued</source>
        <translation>记忆更新未排队</translation>
    </message>
    <message>
        <source>Upkeep %1: its proposals wait under Trackers ▸ Review</source>
        <translation>记忆更新 %1：提议已在 追踪表 ▸ 待审 中等候</translation>
    </message>
    <message>
        <source>Upkeep %1 failed: %2</source>
        <translation>记忆更新 %1 失败：%2</translation>
    </message>
    <message>
      <source>Upkeep not queued: %1</source>
      <translation>提议未排队：%1</translation>
    </message>
</context>
  <context>
    <name>ChecklistLabels</name>
    <message>
      <source>Style anchor attached in full</source>
      <translation>附带文风锚点全文</translation>
    </message>
  </context>
  <context>
    <name>SummaryProgress</name>
    <message>
      <source>summarising %1 chapters with the %2 backend</source>
      <translation>正在用%2摘要 %1 章</translation>
    </message>
    <message>
      <source>received %1 characters</source>
      <translation>已收到 %1 个字符</translation>
    </message>
    <message>
      <source>asking %1 at %2</source>
      <translation>正在请求 %2 上的 %1</translation>
    </message>
    <message>
      <source>extracting key sentences</source>
      <translation>正在抽取关键句</translation>
    </message>
    <message>
      <source>extracting %1</source>
      <translation>正在抽取：%1</translation>
    </message>
    <message>
      <source>done</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>fixed context</source>
      <translation>固定层</translation>
    </message>
    <message>
      <source>%1: %2</source>
      <translation>%1: %2</translation>
    </message>
    <message>
      <source>offline</source>
      <translation>离线后端</translation>
    </message>
    <message>
      <source>model endpoint</source>
      <translation>模型端点</translation>
    </message>
  </context>
  <context>
    <name>FileUndo</name>
    <message>
      <source>Nothing to undo.</source>
      <translation>没有可撤销的操作。</translation>
    </message>
    <message>
      <source>Not undone: %1 changed since “%2”.</source>
      <translation>未撤销：“%2”之后 %1 又被改过。</translation>
    </message>
    <message>
      <source>Not undone: %1</source>
      <translation>未撤销：%1</translation>
    </message>
    <message>
      <source>Undone: %1</source>
      <translation>已撤销：%1</translation>
    </message>
  </context>
  <context>
    <name>SummaryFailure</name>
    <message>
      <source>%1 not written: %2</source>
      <translation>%1 未写入：%2</translation>
    </message>
    <message>
      <source>cancelled</source>
      <translation>已取消</translation>
    </message>
    <message>
      <source>no chapter between %1 and %2 exists</source>
      <translation>第%1章到第%2章之间没有章节</translation>
    </message>
    <message>
      <source>the %1 feed is not ready — %2</source>
      <translation>%1 的喂入未齐备 — %2</translation>
    </message>
    <message>
      <source>%1: %2</source>
      <translation>%1：%2</translation>
    </message>
    <message>
      <source>; </source>
      <translation>；</translation>
    </message>
    <message>
      <source>%1 zi, over the %2 zi cap</source>
      <translation>%1 字，超过上限 %2 字</translation>
    </message>
    <message>
      <source>%1 is %2 zi, over its %3 zi cap</source>
      <translation>%1有 %2 字，超过上限 %3 字</translation>
    </message>
    <message>
      <source>%1 is empty</source>
      <translation>%1是空的</translation>
    </message>
    <message>
      <source>%1 needs %2, which is missing, empty or still only template text (placeholders are not summarised)</source>
      <translation>%1需要 %2，它不存在、为空或仍只是模板文字（占位文字不做摘要）</translation>
    </message>
    <message>
      <source> or </source>
      <translation> 或 </translation>
    </message>
    <message>
      <source>no `%1` heading in the output</source>
      <translation>输出中没有 `%1` 标题</translation>
    </message>
    <message>
      <source>the output has text before the section heading</source>
      <translation>输出在节标题之前还有文字</translation>
    </message>
    <message>
      <source>expected exactly one section, found %1: %2</source>
      <translation>应只有一节，输出有 %1 节：%2</translation>
    </message>
    <message>
      <source>the heading %1 is not `%2` (level 2)</source>
      <translation>标题 %1 不是 `%2`（二级标题）</translation>
    </message>
    <message>
      <source>the heading names Ch%1-%2, expected %3</source>
      <translation>标题写的是 Ch%1-%2，应为 %3</translation>
    </message>
    <message>
      <source>missing section %1</source>
      <translation>缺少小节 %1</translation>
    </message>
    <message>
      <source>unexpected section %1</source>
      <translation>多出小节 %1</translation>
    </message>
    <message>
      <source>, </source>
      <translation>、</translation>
    </message>
    <message>
      <source>the four `###` sections are not in the template's order (or repeat)</source>
      <translation>四个 `###` 小节不是模板的顺序（或有重复）</translation>
    </message>
    <message>
      <source>section `### %1` is empty</source>
      <translation>小节 `### %1` 是空的</translation>
    </message>
    <message>
      <source>%1 line %2: %3; fix that heading first</source>
      <translation>%1 第%2行：%3；请先改好这个标题</translation>
    </message>
    <message>
      <source>`## %1` names no range like Ch6-10</source>
      <translation>`## %1` 没有写明 Ch6-10 这样的范围</translation>
    </message>
    <message>
      <source>`# %1` is a level-1 heading; a section is `## %1`</source>
      <translation>`# %1` 是一级标题；一节应写成 `## %1`</translation>
    </message>
    <message>
      <source>upkeep of chapters %1-%2: %3; nothing was written</source>
      <translation>第%1-%2章的记忆更新未写入：%3</translation>
    </message>
    <message>
      <source>the model's answer nests %1 levels deep (at most %2)</source>
      <translation>模型的回答嵌套了 %1 层（最多 %2 层）</translation>
    </message>
    <message>
      <source>the model's answer is not JSON (%1)</source>
      <translation>模型的回答不是 JSON（%1）</translation>
    </message>
    <message>
      <source>the answer does not follow the schema: %1</source>
      <translation>回答不符合格式：%1</translation>
    </message>
    <message>
      <source>the answer names %1, which the ledger has not</source>
      <translation>回答提到 %1，伏笔追踪表中没有它</translation>
    </message>
    <message>
      <source>the answer says chapter %1 pays off %2, which is not open there (%3); it contradicts the ledger for chapters %4-%5</source>
      <translation>回答说第%1章回收了 %2，但它在那一章并未开放（%3）；与第%4-%5章的伏笔追踪表矛盾</translation>
    </message>
    <message>
      <source>the answer says chapter %1 sights %2, which is not open there (%3); it contradicts the ledger for chapters %4-%5</source>
      <translation>回答说第%1章再现了 %2，但它在那一章并未开放（%3）；与第%4-%5章的伏笔追踪表矛盾</translation>
    </message>
    <message>
      <source>the model&apos;s answer is not valid JSON</source>
      <translation>模型的回答不是有效的 JSON</translation>
    </message>
  </context>
  <context>
    <name>EntryStates</name>
    <message>
      <source>overdue</source>
      <translation>逾期</translation>
    </message>
    <message>
      <source>due soon</source>
      <translation>临近回收</translation>
    </message>
    <message>
      <source>open</source>
      <translation>未回收</translation>
    </message>
    <message>
      <source>resolved</source>
      <translation>已回收</translation>
    </message>
    <message>
      <source>abandoned</source>
      <translation>废弃</translation>
    </message>
    <message>
      <source>not planted yet</source>
      <translation>尚未埋设</translation>
    </message>
  </context>
  <context>
    <name>JobWords</name>
    <message>
      <source>memory upkeep %1</source>
      <translation>记忆提议 %1</translation>
    </message>
    <message>
      <source>fixed context</source>
      <translation>固定层</translation>
    </message>
    <message>
      <source>rolling summary %1</source>
      <translation>滚动摘要 %1</translation>
    </message>
  </context>
  <context>
    <name>ImportTargetDialog</name>
    <message>
      <source>Import into which folder?</source>
      <translation>导入到哪个文件夹？</translation>
    </message>
    <message>
      <source>The chapters of %1 are written into a project folder. A new folder beside the manuscript is proposed; change its name or place as you like. It is made only when you confirm the preview.</source>
      <translation>%1 的各章将写入一个项目文件夹。下面建议在书稿旁新建一个文件夹，名称和位置都可以改；确认预览后才会创建。</translation>
    </message>
    <message>
      <source>Project folder:</source>
      <translation>项目文件夹：</translation>
    </message>
    <message>
      <source>Place…</source>
      <translation>位置…</translation>
    </message>
    <message>
      <source>Choose the folder the new folder goes in</source>
      <translation>选择新文件夹放在哪里</translation>
    </message>
    <message>
      <source>Into the open project</source>
      <translation>导入当前打开的项目</translation>
    </message>
    <message>
      <source>Import into this folder although it holds files (no file is replaced)</source>
      <translation>仍导入到这个已有文件的文件夹（不会替换任何已有文件）</translation>
    </message>
    <message>
      <source>Next: preview</source>
      <translation>下一步：预览</translation>
    </message>
    <message>
      <source>A new folder %1 will be made.</source>
      <translation>将新建文件夹 %1。</translation>
    </message>
    <message>
      <source>%1 exists and is empty: the project goes there.</source>
      <translation>%1 已存在且为空：项目将放在这里。</translation>
    </message>
    <message>
      <source>%1 already holds files. Choose another name, or tick the box to import into it.</source>
      <translation>%1 里已有文件。请换一个名称，或勾选下面的选项导入其中。</translation>
    </message>
    <message>
      <source>%1 is a file, not a folder.</source>
      <translation>%1 是文件，不是文件夹。</translation>
    </message>
    <message>
      <source>Type the folder the project goes into.</source>
      <translation>请输入项目要放入的文件夹。</translation>
    </message>
    <message>
      <source>Where the new folder goes</source>
      <translation>新文件夹放在哪里</translation>
    </message>
  </context>
  <context>
    <name>QFileDialog</name>
    <message>
      <source>&amp;Look in:</source>
      <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
      <source>Files of &amp;type:</source>
      <translation>文件类型(&amp;T)：</translation>
    </message>
  </context>
  <context>
    <name>GoalBox</name>
    <message>
      <source>Daily goal</source>
      <translation>每日目标</translation>
    </message>
    <message>
      <source> zi</source>
      <translation> 字</translation>
    </message>
    <message>
      <source>none</source>
      <translation>不设</translation>
    </message>
    <message>
      <source>Kept in the book&apos;s workbench.toml ([stats] daily_goal)</source>
      <translation>保存在本书的 workbench.toml 中</translation>
    </message>
  </context>
  <context>
    <name>FileProblems</name>
    <message>
      <source>%1 is not valid JSON (cut short, or edited by hand?): it was not read, and nothing in it was changed.</source>
      <translation>%1 不是有效的 JSON（被截断，或手工改过？）：没有读取，其中的内容也没有改动。</translation>
    </message>
  </context>
  <context>
    <name>BookSearch</name>
    <message>
      <source>Search the book</source>
      <translation>在全书中搜索</translation>
    </message>
    <message>
      <source>A name or a phrase (two characters or more); spaces between words</source>
      <translation>人名或词句（两个字或以上），多个词用空格隔开</translation>
    </message>
    <message>
      <source>Search for two characters or more: “%1” is too short to look up</source>
      <translation>请搜索两个字或以上：“%1”太短，无法查找</translation>
    </message>
    <message>
      <source>Searching…</source>
      <translation>正在搜索…</translation>
    </message>
    <message>
      <source>No passage holds %1</source>
      <translation>没有段落含有 %1</translation>
    </message>
    <message>
      <source>%1 passages hold %2</source>
      <translation>%1 段含有 %2</translation>
    </message>
    <message>
      <source> (the first %1 shown)</source>
      <translation>（只列出前 %1 段）</translation>
    </message>
  </context>
  <context>
    <name>BookSearchModel</name>
    <message>
      <source>Chapter %1</source>
      <translation>第%1章</translation>
    </message>
    <message>
      <source>Chapter</source>
      <translation>章节</translation>
    </message>
    <message>
      <source>Line</source>
      <translation>行</translation>
    </message>
    <message>
      <source>Passage</source>
      <translation>段落</translation>
    </message>
  </context>
</TS>