"""The offline assistant's own words, in English, Simplified Chinese and Traditional Chinese
(Hong Kong). Content drawn from materials stays in the language it was written in."""

from __future__ import annotations

from collections.abc import Sequence

_P: dict[str, tuple[str, str, str]] = {
    # Outline and descriptions
    "title_slide": (
        "Title slide: “{title}”{rest}",
        "标题页：“{title}”{rest}",
        "標題頁：「{title}」{rest}",
    ),
    "title_rest": (" — {subtitle}", "——{subtitle}", "——{subtitle}"),
    "title_rest_none": (
        ", with the presenter's name and the date",
        "，并附演讲者姓名和日期",
        "，並附演講者姓名和日期",
    ),
    "agenda_slide": ("Agenda: {items}", "议程：{items}", "議程：{items}"),
    "closing_slide": (
        "Closing: thank the audience, recap {items} and invite questions",
        "结束页：致谢，回顾{items}，并邀请听众提问",
        "結束頁：致謝，回顧{items}，並邀請聽眾提問",
    ),
    "closing_slide_plain": (
        "Closing: thank the audience and invite questions",
        "结束页：致谢并邀请听众提问",
        "結束頁：致謝並邀請聽眾提問",
    ),
    "content": ("{title} — {points}", "{title}——{points}", "{title}——{points}"),
    "continued": ("{title} (continued)", "{title}（续）", "{title}（續）"),
    "takeaways": ("Key takeaways", "关键要点", "關鍵要點"),
    "next_steps": ("Next steps and discussion", "下一步与讨论", "下一步與討論"),
    "facet_background": (
        "{topic}: background and context",
        "{topic}：背景与现状",
        "{topic}：背景與現況",
    ),
    "facet_points": ("{topic}: key points", "{topic}：核心要点", "{topic}：核心要點"),
    "facet_examples": (
        "{topic}: examples and evidence",
        "{topic}：案例与依据",
        "{topic}：案例與依據",
    ),
    "facet_actions": (
        "{topic}: actions and next steps",
        "{topic}：行动与下一步",
        "{topic}：行動與下一步",
    ),
    "overview": ("Overview", "概述", "概述"),
    "agenda": ("Agenda", "议程", "議程"),
    "thank_you": ("Thank you", "谢谢", "謝謝"),
    "questions": ("Questions and discussion", "欢迎提问与交流", "歡迎提問與交流"),
    "source": ("Source: {files}", "来源：{files}", "來源：{files}"),
    "item": ("Item", "项目", "項目"),
    "value": ("Value", "数值", "數值"),
    "notes": (
        "{heading}. Key points: {points}.",
        "{heading}。要点：{points}。",
        "{heading}。要點：{points}。",
    ),
    "notes_plain": ("{heading}.", "{heading}。", "{heading}。"),
    "notes_sources": (" Sources: {files}.", "来源：{files}。", "來源：{files}。"),
    # Reasons
    "why_title": ("opens the deck", "是开场页", "是開場頁"),
    "why_agenda": ("lists the topics", "列出议程", "列出議程"),
    "why_section": ("introduces a section", "引出新章节", "引出新章節"),
    "why_bullets": ("is a list of key points", "是要点列表", "是要點列表"),
    "why_comparison": ("compares two sides", "是对比内容", "是對比內容"),
    "why_picture": ("calls for a picture", "需要配图", "需要配圖"),
    "why_chart": ("has figures and trends", "含有数据和趋势", "含有數據和趨勢"),
    "why_table": ("is tabular data", "是表格数据", "是表格數據"),
    "why_quote": ("is a quotation", "是引言", "是引言"),
    "why_closing": ("closes the deck", "是结束页", "是結束頁"),
    "reason_choice": (
        "This slide {why}, so template slide {number} ({kind}) suits it best.",
        "该页{why}，因此最适合模板第 {number} 页（{kind}）。",
        "該頁{why}，因此最適合範本第 {number} 頁（{kind}）。",
    ),
    "reason_words": (" Matching words: {words}.", "匹配词：{words}。", "匹配詞：{words}。"),
    "reason_outline_material": (
        "From “{section}” in {file}.",
        "依据 {file} 中的“{section}”。",
        "依據 {file} 中的「{section}」。",
    ),
    "reason_outline_instruction": (
        "From the project description and your instruction.",
        "依据项目描述和您的指示。",
        "依據項目描述和您的指示。",
    ),
    "reason_position_title": (
        "The first slide introduces the deck.",
        "第一页用于介绍整个演示。",
        "第一頁用於介紹整個演示。",
    ),
    "reason_position_closing": (
        "The last slide closes the deck.",
        "最后一页用于收尾。",
        "最後一頁用於收尾。",
    ),
    "reason_position_agenda": (
        "An agenda after the title helps the audience follow.",
        "标题页之后的议程能帮助听众把握结构。",
        "標題頁之後的議程能幫助聽眾把握結構。",
    ),
    "reason_existing": (
        "Summarises what the slide already holds.",
        "概括了该页已有的内容。",
        "概括了該頁已有的內容。",
    ),
    "reason_slide_data": (
        "Filled from the slide description{sources}.",
        "根据幻灯片描述{sources}填写。",
        "根據投影片描述{sources}填寫。",
    ),
    "reason_sources": (" and {files}", "及 {files}", "及 {files}"),
    "reason_recommend": (
        "“{file}” offers {kinds}{words}; {count} slides suit a {minutes}-minute talk "
        "(about two minutes a slide).",
        "“{file}”提供{kinds}{words}；{minutes} 分钟的演讲适合 {count} 页（约每页两分钟）。",
        "「{file}」提供{kinds}{words}；{minutes} 分鐘的演講適合 {count} 頁（約每頁兩分鐘）。",
    ),
    "reason_recommend_words": (
        ", and its description mentions {words}",
        "，且其描述提到{words}",
        "，且其描述提到{words}",
    ),
    "reason_recommend_none": (
        "No template is available yet; {count} slides suit a {minutes}-minute talk.",
        "暂无可用模板；{minutes} 分钟的演讲适合 {count} 页。",
        "暫無可用範本；{minutes} 分鐘的演講適合 {count} 頁。",
    ),
    "preset_rewrite": (
        "Rewritten from the slide's sources.",
        "已根据该页资料重写。",
        "已根據該頁資料重寫。",
    ),
    "preset_expand": (
        "Expanded with more points from the materials.",
        "已补充资料中的更多要点。",
        "已補充資料中的更多要點。",
    ),
    "preset_summarize": (
        "Shortened to the essentials.",
        "已精简为核心内容。",
        "已精簡為核心內容。",
    ),
    "preset_formal_tone": ("Made more formal.", "语气已调整得更正式。", "語氣已調整得更正式。"),
    "preset_casual_tone": (
        "Made more conversational.",
        "语气已调整得更轻松。",
        "語氣已調整得更輕鬆。",
    ),
    "preset_add_details": (
        "Added details from the materials.",
        "已补充资料中的细节。",
        "已補充資料中的細節。",
    ),
    "preset_add_examples": (
        "Added examples from the materials.",
        "已补充资料中的示例。",
        "已補充資料中的示例。",
    ),
    "preset_add_statistics": (
        "Added figures from the materials.",
        "已补充资料中的数据。",
        "已補充資料中的數據。",
    ),
    "preset_add_quotes": (
        "Added a quote from the materials.",
        "已补充资料中的引语。",
        "已補充資料中的引語。",
    ),
    "preset_free": (
        "Drafted following your instruction.",
        "已按您的指示起草。",
        "已按您的指示起草。",
    ),
    "preset_nothing": (
        "The materials have nothing more for this; the value is unchanged.",
        "资料中没有可补充的内容，内容未变。",
        "資料中沒有可補充的內容，內容未變。",
    ),
    "preset_fill": (
        "Drafted from the slide description.",
        "已根据幻灯片描述起草。",
        "已根據投影片描述起草。",
    ),
    "edit_insert": ("Adds a slide as asked.", "按要求添加一页。", "按要求新增一頁。"),
    "edit_delete": ("Removes the slide as asked.", "按要求删除该页。", "按要求刪除該頁。"),
    "edit_move": ("Moves the slide as asked.", "按要求移动该页。", "按要求移動該頁。"),
    "edit_replace": ("Rewrites the slide as asked.", "按要求改写该页。", "按要求改寫該頁。"),
    "edit_shorten": ("Shortens the description.", "精简了描述。", "精簡了描述。"),
    "edit_merge": (
        "Merges the slides into one, keeping the points of each.",
        "按要求将这几页合并为一页，保留各页要点。",
        "按要求將這幾頁合併為一頁，保留各頁要點。",
    ),
    "edit_split": (
        "Splits the slide in two, half of its points on each.",
        "按要求将该页拆成两页，各含一半要点。",
        "按要求將該頁拆成兩頁，各含一半要點。",
    ),
    "edit_rename": (
        "Renames the slide, keeping its points.",
        "按要求修改该页标题，保留要点。",
        "按要求修改該頁標題，保留要點。",
    ),
    "edit_count": (
        "Changes the number of slides as asked, by merging or splitting slides with content.",
        "按要求调整页数：合并或拆分有内容的页面。",
        "按要求調整頁數：合併或拆分有內容的頁面。",
    ),
    # Notices: what the assistant did not do as asked
    "notice_fewer_slides": (
        "The material fills {given} of the {requested} slides you asked for; more slides would"
        " only repeat it. Add material, or keep the shorter deck.",
        "资料只够做 {given} 页（您要求 {requested} 页），再多只会重复内容。"
        "可以补充资料，或保留较短的版本。",
        "資料只夠做 {given} 頁（您要求 {requested} 頁），再多只會重複內容。"
        "可以補充資料，或保留較短的版本。",
    ),
    "notice_not_understood": (
        "Not understood, so nothing was changed for it: “{text}”. Try, for example, “delete"
        " slide 4”, “move slide 5 before slide 2”, “merge slides 2 and 3” or “make it 8 slides”.",
        "未能理解，因此没有据此修改：“{text}”。可以这样说：“删除第4页”“把第5页移到第2页前”"
        "“把第2页和第3页合并”“改成8页”。",
        "未能理解，因此沒有據此修改：「{text}」。可以這樣說：「刪除第4頁」「把第5頁移到第2頁前」"
        "「把第2頁和第3頁合併」「改成8頁」。",
    ),
    # Template descriptions
    "template_file": (
        "A {count}-slide template with {kinds}. Suits {suits}.",
        "共 {count} 页的模板，包含{kinds}。适合{suits}。",
        "共 {count} 頁的範本，包含{kinds}。適合{suits}。",
    ),
    "suits_data": (
        "data-driven reports and reviews",
        "数据驱动的报告与回顾",
        "數據驅動的報告與回顧",
    ),
    "suits_proposal": ("proposals and decisions", "方案提案与决策", "方案提案與決策"),
    "suits_story": ("product stories and updates", "产品介绍与动态通报", "產品介紹與動態通報"),
    "suits_general": ("everyday business presentations", "日常商务演示", "日常商務演示"),
    "template_slide": ("{kind}: {elements}.", "{kind}：{elements}。", "{kind}：{elements}。"),
    "template_slide_empty": (
        "{kind} without fillable content.",
        "{kind}，无可填写的内容。",
        "{kind}，無可填寫的內容。",
    ),
}

KIND_LABELS: dict[str, tuple[str, str, str]] = {
    "title": ("Title slide", "标题页", "標題頁"),
    "agenda": ("Agenda slide", "议程页", "議程頁"),
    "section": ("Section header", "章节页", "章節頁"),
    "bullets": ("Bullet slide", "要点页", "要點頁"),
    "comparison": ("Two-column comparison", "双栏对比页", "雙欄對比頁"),
    "picture": ("Picture and text slide", "图文页", "圖文頁"),
    "chart": ("Chart slide", "图表页", "圖表頁"),
    "table": ("Table slide", "表格页", "表格頁"),
    "quote": ("Quote slide", "引言页", "引言頁"),
    "closing": ("Closing slide", "结束页", "結束頁"),
}

ROLE_PHRASES: dict[str, tuple[str, str, str]] = {
    "title": ("a title", "标题", "標題"),
    "subtitle": ("a subtitle", "副标题", "副標題"),
    "presenter": ("the presenter's name", "演讲者姓名", "演講者姓名"),
    "contact": ("contact details", "联系方式", "聯絡方式"),
    "date": ("a date", "日期", "日期"),
    "source": ("a source note", "来源说明", "來源說明"),
    "attribution": ("its attribution", "出处", "出處"),
    "quote": ("a large quote", "醒目的引言", "醒目的引言"),
    "section_number": ("a section number", "章节编号", "章節編號"),
    "key_figure": ("a key figure", "关键数字", "關鍵數字"),
    "caption": ("a caption", "图片说明", "圖片說明"),
    "summary": ("a short takeaway", "简短结论", "簡短結論"),
    "agenda": ("a list of up to {items} topics", "最多 {items} 项议题", "最多 {items} 項議題"),
    "heading": ("a heading", "小标题", "小標題"),
    "body": ("a list of up to {items} points", "最多 {items} 条要点", "最多 {items} 條要點"),
    "text": ("a short paragraph", "一段简短文字", "一段簡短文字"),
    "picture": ("a picture", "图片", "圖片"),
    "table": ("a table ({rows} × {cols})", "表格（{rows} × {cols}）", "表格（{rows} × {cols}）"),
    "chart": (
        "a {chart} chart ({categories} categories, {series} series)",
        "{chart}图（{categories} 个类别、{series} 组数据）",
        "{chart}圖（{categories} 個類別、{series} 組數據）",
    ),
}
ROLE_PLURALS: dict[str, tuple[str, str, str]] = {
    "heading": ("{n} headings", "{n} 个小标题", "{n} 個小標題"),
    "body": (
        "{n} lists of up to {items} points",
        "{n} 组要点（每组最多 {items} 条）",
        "{n} 組要點（每組最多 {items} 條）",
    ),
    "text": ("{n} short paragraphs", "{n} 段简短文字", "{n} 段簡短文字"),
    "picture": ("{n} pictures", "{n} 张图片", "{n} 張圖片"),
}
CHART_NAMES: dict[str, tuple[str, str, str]] = {
    "column": ("column", "柱状", "柱狀"),
    "bar": ("bar", "条形", "條形"),
    "line": ("line", "折线", "折線"),
    "pie": ("pie", "饼", "餅"),
    "doughnut": ("doughnut", "环形", "環形"),
    "area": ("area", "面积", "面積"),
    "xy": ("scatter", "散点", "散點"),
    "scatter": ("scatter", "散点", "散點"),
    "radar": ("radar", "雷达", "雷達"),
    "bubble": ("bubble", "气泡", "氣泡"),
}
_NUMBERS_ZH = {2: "两", 3: "三", 4: "四"}


def _column(lang: str) -> int:
    return {"zh-CN": 1, "zh-HK": 2}.get(lang, 0)


def say(key: str, lang: str, **values: object) -> str:
    return _P[key][_column(lang)].format(**values)


def kind_label(kind: str, lang: str) -> str:
    return KIND_LABELS.get(kind, KIND_LABELS["bullets"])[_column(lang)]


def role_phrase(role: str, lang: str, count: int = 1, **values: object) -> str:
    if count > 1 and role in ROLE_PLURALS:
        number = _NUMBERS_ZH.get(count, str(count)) if lang != "en" else str(count)
        return ROLE_PLURALS[role][_column(lang)].format(n=number, **values)
    return ROLE_PHRASES.get(role, ROLE_PHRASES["text"])[_column(lang)].format(**values)


def chart_name(chart_type: str, lang: str) -> str:
    for prefix, names in CHART_NAMES.items():
        if chart_type.startswith(prefix):
            return names[_column(lang)]
    return CHART_NAMES["column"][_column(lang)]


def join_list(items: Sequence[str], lang: str) -> str:
    """'a, b and c' / 'a、b和c'."""
    items = [item for item in items if item]
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if lang == "en":
        return ", ".join(items[:-1]) + " and " + items[-1]
    return "、".join(items[:-1]) + "和" + items[-1]


def quote(text: str, lang: str) -> str:
    return f"「{text}」" if lang == "zh-HK" else f"“{text}”"
