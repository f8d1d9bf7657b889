"""Positions of Harbour that the forged-input and door tests forge values into."""

from __future__ import annotations

import harbour
from harbour import Move
from harbour.goods import Good, Goods
from harbour.state import CardSite

#: One move of each type, to forge when the position lists none of that type.
EXAMPLES: dict[type, Move] = {
    harbour.ChooseStartingGoods: harbour.ChooseStartingGoods(Goods(fish=3)),
    harbour.ChooseCharacter: harbour.ChooseCharacter(0),
    harbour.ChooseFreeBuilding: harbour.ChooseFreeBuilding(0),
    harbour.MovePawn: harbour.MovePawn(CardSite(0)),
    harbour.PayToll: harbour.PayToll(Good.FISH),
    harbour.DeferToll: harbour.DeferToll(),
    harbour.ChooseOption: harbour.ChooseOption(0),
    harbour.ChoosePart: harbour.ChoosePart(0),
    harbour.TakeGoods: harbour.TakeGoods(Goods(fish=1)),
    harbour.ExchangeGoods: harbour.ExchangeGoods(Good.FISH, (Good.WOOD,)),
    harbour.SwapSquares: harbour.SwapSquares(0, 1),
    harbour.Ship: harbour.Ship((Good.FISH,), Goods(fish=1)),
    harbour.SellToTraders: harbour.SellToTraders(),
    harbour.UseAbility: harbour.UseAbility(Goods(), Good.FISH, Good.WOOD),
    harbour.Purchase: harbour.Purchase((0,)),
}
