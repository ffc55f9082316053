"""The Chinese edition's words: element and layout names, and the sample story in Chinese.

The story is `content.py`'s (a company's annual review), written as a Chinese company would
write it rather than translated word for word; each text is about as long on the slide as its
English twin, because the reader derives an element's capacity from its sample text. Element
names are chosen so the assistant reads the same role from them as from the English names
("副标题" subtitle, "演讲人" presenter, "关键数字" key figure, "要点总结" takeaway, ...).
"""

from __future__ import annotations

from slidewright.builtin import content
from slidewright.builtin.content import Paragraphs, lines

# English element name (the slot's identity in code) -> the Chinese edition's element name.
ELEMENT_NAMES: dict[str, str] = {
    "Title": "标题",
    "Subtitle": "副标题",
    "Presenter": "演讲人",
    "Agenda Items": "议程",
    "Section Number": "章节编号",
    "Section Title": "章节标题",
    "Section Summary": "章节概述",
    "Body": "正文",
    "Left Heading": "左栏小标题",
    "Left Body": "左栏正文",
    "Right Heading": "右栏小标题",
    "Right Body": "右栏正文",
    "Picture": "图片",
    "Caption": "图片说明",
    "Chart": "图表",
    "Key Figure": "关键数字",
    "Takeaway": "要点总结",
    "Table": "表格",
    "Source": "数据来源",
    "Quote": "引言",
    "Attribution": "出处",
    "Contact": "联系方式",
    "Decoration": "装饰",
}

# Slide kind -> layout name, as Chinese PowerPoint names its own layouts where it has one.
LAYOUT_NAMES: dict[str, str] = {
    "title": "标题幻灯片",
    "agenda": "议程",
    "section": "节标题",
    "bullets": "标题和内容",
    "comparison": "比较",
    "picture": "图片与标题",
    "chart": "图表与结论",
    "table": "表格",
    "quote": "引言",
    "closing": "结束页",
}

# The master's placeholders and their prompts, as Chinese PowerPoint words them.
MASTER_TITLE = ("标题占位符", "单击此处编辑母版标题样式")
MASTER_TEXT = ("文本占位符", "单击此处编辑母版文本样式")
PICTURE_PROMPT = "图片"
PICTURE_DESCRIPTION = "主题配色的抽象渐变图案"

TEXT: dict[str, dict[str, Paragraphs]] = {
    "title": {
        "Title": lines("2025年度战略回顾"),
        "Subtitle": lines("重点工作、进展与新一年规划"),
        "Presenter": lines("李嘉文  \u00b7  战略部负责人  \u00b7  2025年3月"),
    },
    "agenda": {
        "Title": lines("议程"),
        "Agenda Items": lines(
            "我们的现状",
            "市场格局与客户需求",
            "2025年战略重点",
            "投资计划与关键里程碑",
            "下一步工作与讨论",
        ),
    },
    "section": {
        "Section Number": lines("02"),
        "Section Title": lines("市场格局"),
        "Section Summary": lines(
            "过去十二个月里，需求、竞争和价格发生了哪些变化，以及这对我们的计划意味着什么。"
        ),
    },
    "bullets": {
        "Title": lines("客户调研的主要发现"),
        "Body": (
            (0, "在所有受访细分市场中，客户都把可靠性放在价格之前"),
            (1, "五分之四的受访者把准时交付列为首要标准"),
            (0, "数字化自助服务的使用率比去年翻了一番"),
            (1, "移动端已占全部订单变更的62%"),
            (0, "客服响应慢仍是客户流失最常见的原因"),
            (0, "客服流程改版后，净推荐值提升了9分"),
            (1, "提升最大的是过去一年新加入的客户"),
        ),
    },
    "comparison": {
        "Title": lines("自主研发还是合作？"),
        "Left Heading": lines("自主研发"),
        "Left Body": lines(
            "完全掌控产品路线图和客户数据",
            "前期投入更高，上市周期更长",
            "需要招聘六名专业工程师",
            "约九个月后可以上线",
        ),
        "Right Heading": lines("与平台合作"),
        "Right Body": lines(
            "借助成熟技术，一个季度内即可上线",
            "初期投入较低，持续分摊服务费用",
            "定制化流程的灵活性较低",
            "受制于合作方的产品路线图",
        ),
    },
    "picture": {
        "Title": lines("以用户为中心的设计"),
        "Body": lines(
            "新的服务中心把规划、支持和培训集中在一处，客户只需面对一个熟悉其业务的团队，"
            "就能得到所有答案。"
        ),
        "Caption": lines("上海服务中心于 2025年1月启用。"),
    },
    "chart": {
        "Title": lines("各地区收入，2023\u20132024年"),
        "Key Figure": lines("+32%"),
        "Takeaway": lines("亚太地区增长最快，所有地区全年业绩均超出计划。"),
    },
    "table": {
        "Title": lines("季度业绩一览"),
        "Source": lines("数据来源：公司财务与客户数据，2024财年。"),
    },
    "quote": {
        "Quote": lines("客户买的不是功能，而是一份安心：相信每一天，一切都会顺利运转。"),
        "Attribution": lines("陈玛丽，首席客户官"),
    },
    "closing": {
        "Title": lines("谢谢"),
        "Subtitle": lines("欢迎提问与讨论"),
        "Contact": lines("李嘉文，战略部负责人", "jiawen.li@example.com", "+86 21 5555 2025"),
    },
}

# The same figures as the English edition: one story, told in two languages.
CHART_CATEGORIES = ("北美", "欧洲", "亚太", "拉丁美洲")
CHART_SERIES = tuple(
    (name, values)
    for name, (_, values) in zip(("2023财年", "2024财年"), content.CHART_SERIES, strict=True)
)
CHART_NUMBER_FORMAT = content.CHART_NUMBER_FORMAT

_TABLE_LABELS = ("指标", "收入（百万美元）", "毛利率", "新增客户", "净推荐值", "客服工单（千）")
_QUARTERS = ("第一季度", "第二季度", "第三季度", "第四季度")
TABLE_ROWS = tuple(
    (label, *(_QUARTERS if number == 0 else row[1:]))
    for number, (label, row) in enumerate(zip(_TABLE_LABELS, content.TABLE_ROWS, strict=True))
)
