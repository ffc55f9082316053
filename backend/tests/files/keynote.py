"""Keynote packages built in code (no binary fixtures): the Keynote 2-5 XML format
(`index.apxl` in a zip), which LibreOffice imports through libetonyek."""

from __future__ import annotations

import io
import zipfile

_NAMESPACES = (
    'xmlns:sfa="http://developer.apple.com/namespaces/sfa" '
    'xmlns:sf="http://developer.apple.com/namespaces/sf" '
    'xmlns:key="http://developer.apple.com/namespaces/keynote2"'
)
KEYNOTE_5 = "92008102400"


def _slide(number: int) -> str:
    return f"""<key:slide sfa:ID="slide-{number}">
  <key:page><sf:size sfa:w="1024" sfa:h="768"/>
    <sf:layers><sf:layer sfa:ID="layer-{number}"><sf:drawables>
      <sf:shape sfa:ID="shape-{number}">
        <sf:geometry>
          <sf:naturalSize sfa:w="600" sfa:h="120"/><sf:size sfa:w="600" sfa:h="120"/>
          <sf:position sfa:x="200" sfa:y="300"/>
        </sf:geometry>
        <sf:path><sf:bezier-path>
          <sf:bezier sfa:path="M 0 0 L 600 0 L 600 120 L 0 120 Z"/>
        </sf:bezier-path></sf:path>
        <sf:text><sf:text-storage sf:kind="textbox"><sf:text-body>
          <sf:p>Keynote slide {number}</sf:p>
        </sf:text-body></sf:text-storage></sf:text>
      </sf:shape>
    </sf:drawables></sf:layer></sf:layers>
  </key:page>
</key:slide>"""


def index_apxl(slides: int = 3, version: str = KEYNOTE_5) -> str:
    body = "".join(_slide(n) for n in range(1, slides + 1))
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<key:presentation {_NAMESPACES} key:version="{version}" sfa:ID="BGShow-0">'
        f'<key:size sfa:w="1024" sfa:h="768"/><key:slide-list>{body}</key:slide-list>'
        f"</key:presentation>"
    )


def keynote_file(slides: int = 3, *, bundle_folder: str | None = None) -> bytes:
    """A .key file; with `bundle_folder` ("Deck.key"), a zipped package folder instead."""
    prefix = f"{bundle_folder}/" if bundle_folder else ""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        package.writestr(f"{prefix}index.apxl", index_apxl(slides))
    return buffer.getvalue()


def zip_with(entries: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as package:
        for name, text in entries.items():
            package.writestr(name, text)
    return buffer.getvalue()
