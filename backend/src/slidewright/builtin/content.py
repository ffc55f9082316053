"""Sample content of the built-in slides: one coherent story, a company's annual review.

The lengths matter: the reader derives an element's capacity (characters, bullet count) from
its sample text, so each text is as long as what a user would typically put there.
"""

from __future__ import annotations

# A text element's sample: paragraphs as (indent level, text).
Paragraphs = tuple[tuple[int, str], ...]


def lines(*texts: str) -> Paragraphs:
    return tuple((0, text) for text in texts)


TEXT: dict[str, dict[str, Paragraphs]] = {
    "title": {
        "Title": lines("Annual Strategy Review 2025"),
        "Subtitle": lines("Priorities, progress and the plan for the year ahead"),
        "Presenter": lines("Jordan Lee  \u00b7  Head of Strategy  \u00b7  March 2025"),
    },
    "agenda": {
        "Title": lines("Agenda"),
        "Agenda Items": lines(
            "Where we stand today",
            "Market landscape and customer needs",
            "Strategic priorities for 2025",
            "Investment plan and key milestones",
            "Next steps and discussion",
        ),
    },
    "section": {
        "Section Number": lines("02"),
        "Section Title": lines("Market Landscape"),
        "Section Summary": lines(
            "How demand, competition and pricing shifted over the past twelve months, "
            "and what it means for our plan."
        ),
    },
    "bullets": {
        "Title": lines("Key findings from the customer survey"),
        "Body": (
            (0, "Customers value reliability above price in every segment we surveyed"),
            (1, "Four in five respondents ranked on-time delivery as their first criterion"),
            (0, "Digital self-service adoption doubled compared with last year"),
            (1, "Mobile now accounts for 62% of all order changes"),
            (0, "Slow support responses remain the most common reason customers leave"),
            (0, "Net promoter score rose nine points after the support redesign"),
            (1, "The largest gains came from customers who joined in the past year"),
        ),
    },
    "comparison": {
        "Title": lines("Build in-house or partner?"),
        "Left Heading": lines("Build in-house"),
        "Left Body": lines(
            "Full control over the roadmap and customer data",
            "Higher upfront cost and a longer time to market",
            "Requires hiring six specialist engineers",
            "Ready for launch in about nine months",
        ),
        "Right Heading": lines("Partner with a platform"),
        "Right Body": lines(
            "Launch within one quarter on proven technology",
            "Lower initial investment, shared ongoing fees",
            "Less flexibility for custom workflows",
            "Depends on the partner's product roadmap",
        ),
    },
    "picture": {
        "Title": lines("Designed around the people who use it"),
        "Body": lines(
            "Our new service centres bring planning, support and training under one roof, "
            "so customers get answers from a single team that knows their account."
        ),
        "Caption": lines("The Shanghai service centre opened in January 2025."),
    },
    "chart": {
        "Title": lines("Revenue by region, 2023\u20132024"),
        "Key Figure": lines("+32%"),
        "Takeaway": lines(
            "Asia Pacific grew fastest, and every region finished the year ahead of plan."
        ),
    },
    "table": {
        "Title": lines("Quarterly performance at a glance"),
        "Source": lines("Source: internal finance and customer data, fiscal year 2024."),
    },
    "quote": {
        "Quote": lines(
            "Our customers don\u2019t buy features. They buy the confidence that things "
            "will simply work, every single day."
        ),
        "Attribution": lines("Maria Chen, Chief Customer Officer"),
    },
    "closing": {
        "Title": lines("Thank you"),
        "Subtitle": lines("Questions and discussion"),
        "Contact": lines(
            "Jordan Lee, Head of Strategy", "jordan.lee@example.com", "+1 (555) 010-2025"
        ),
    },
}

CHART_CATEGORIES = ("North America", "Europe", "Asia Pacific", "Latin America")
CHART_SERIES = (
    ("FY2023", (42.0, 35.5, 28.9, 12.4)),
    ("FY2024", (48.6, 39.1, 38.2, 15.0)),
)
CHART_NUMBER_FORMAT = '"$"0.0"M"'

TABLE_ROWS = (
    ("Metric", "Q1", "Q2", "Q3", "Q4"),
    ("Revenue ($M)", "31.2", "34.8", "36.1", "39.8"),
    ("Gross margin", "41%", "42%", "44%", "45%"),
    ("New customers", "420", "465", "510", "588"),
    ("Net promoter score", "38", "41", "43", "47"),
    ("Support tickets (k)", "12.4", "11.8", "10.9", "10.1"),
)
