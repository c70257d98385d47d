"""--shop mpc: a PNG of each face on MakePlayingCards' template of its product (822 x 1122 px
for a poker card), in `shop-mpc/<language>/`, as its designer takes one image upload a face; a
piece a little off the product's size (within --shop-tolerance) is scaled to its trim, with a
warning (see layout.shop)."""

from __future__ import annotations

from printkit.build.outputs.base import register
from printkit.build.outputs.shop_tgc import TemplateFolder


@register
class MakePlayingCards(TemplateFolder):
    name = "mpc"
    folder = "shop-mpc"
    seller = "MPC"
    shop = "a PNG of each face on MakePlayingCards' template of its product"
