"""The settings of Transportspelet and every assumption behind their defaults.

The Swedish text is a modern paraphrase with gaps: no map, no tariffs, no telegram texts,
no insurance terms, no rule for when loan interest is due, and two different deck sizes. Each gap is
a named setting of :class:`TransportOptions` or a data file (:mod:`~gamekit.transportspelet.data`),
listed in :data:`ASSUMPTIONS` and shown in the chapter.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notes import Assumption, catalogue
from ..settings import check_printed, printed
from ..validation import is_integer

__all__ = ["TransportOptions", "ASSUMPTIONS", "INTEREST_DUE", "STRANDED_CARGO"]

#: When loan interest is paid (rule ``transport-loans``).
INTEREST_DUE = ("repayment", "borrowing")
#: What becomes of a broke player's pieces that wait in a city (rule ``transport-winner``).
STRANDED_CARGO = ("abandoned", "kept")


@dataclass(frozen=True)
class TransportOptions:
    """The named settings of Transportspelet; every default is explained in :data:`ASSUMPTIONS`."""

    #: Capital each player starts with (rule ``transport-setup``).
    starting_capital: int = printed(200_000, "transport-setup", "starting capital", low=0)
    #: Transport cards in play; the others are removed at random before the game (rule ``transport-winner``).
    deck_size: int = printed(50, "transport-winner", "transport cards in play", low=2, high=50)
    #: The game ends when every transport card has been used (rule ``transport-winner``).
    end_when_cards_run_out: bool = True
    #: Longer game: a used card goes under the deck instead of out of play (rule ``transport-winner``).
    recycle_cards: bool = False
    #: Capital-target variant: the first player whose capital reaches this wins at once (None: off).
    capital_target: int | None = None
    #: Time variant, as a number of rounds: the game ends after this many rounds (None: off).
    round_limit: int | None = None
    #: Whether the bank holds only the printed banknotes (rule ``transport-contents``).
    limited_bank: bool = False
    #: Most a player may owe the bank (rule ``transport-loans``).
    loan_limit: int = printed(100_000, "transport-loans", "loan limit", low=0)
    #: Loans are taken in multiples of this.
    loan_unit: int = 10_000
    #: Interest on a loan, in percent of the sum borrowed.
    interest_percent: int = printed(10, "transport-loans", "interest in percent", low=0, high=100)
    #: When the interest is paid: with the repayment, or at once when borrowing.
    interest_due: str = "repayment"
    #: Whether a piece must land exactly on its destination (False: arriving with steps to spare sells).
    exact_arrival: bool = False
    #: A broke player's pieces waiting in a city: "abandoned" (the cards leave the game when the player
    #: passes, new ones are drawn) or "kept" (they stay, and may block others' start cities).
    stranded_cargo: str = "abandoned"
    #: Rule ``transport-movement``: the steps a vehicle moves beyond the die (ship, train, car, plane):
    #: "Tåget förflyttas antal steg som tärningen visar plus 1", the car plus 2, the plane plus 3.
    movement_bonus: tuple[int, int, int, int] = printed(
        (0, 1, 2, 3), "transport-movement", "steps beyond the die (ship, train, car, plane)", length=4, low=0, high=20)
    #: Rule ``transport-telegrams``: "Ett telegram dras varje gång en 1:a eller 6:a kastas".
    telegram_faces: tuple[int, ...] = printed(
        (1, 6), "transport-telegrams", "die faces that draw a telegram", distinct=True, low=1, high=6)

    def __post_init__(self) -> None:
        check_printed(self)

        def whole(name: str, low: int, high: int | None = None, none_ok: bool = False) -> None:
            value = getattr(self, name)
            if none_ok and value is None:
                return
            if not is_integer(value) or value < low or (high is not None and value > high):
                bound = f"{low}..{high}" if high is not None else f">= {low}"
                raise ValueError(f"Transportspelet setting {name} must be an integer {bound}, not {value!r}")

        whole("starting_capital", 0)
        whole("deck_size", 2, 50)
        whole("capital_target", 1, none_ok=True)
        whole("round_limit", 1, none_ok=True)
        whole("loan_limit", 0)
        whole("loan_unit", 1)
        whole("interest_percent", 0, 100)
        for name in ("end_when_cards_run_out", "recycle_cards", "limited_bank", "exact_arrival"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Transportspelet setting {name} must be true or false, not {getattr(self, name)!r}")
        if self.interest_due not in INTEREST_DUE:
            raise ValueError(f"Transportspelet setting interest_due must be one of {INTEREST_DUE}, not {self.interest_due!r}")
        if self.stranded_cargo not in STRANDED_CARGO:
            raise ValueError(f"Transportspelet setting stranded_cargo must be one of {STRANDED_CARGO}, "
                             f"not {self.stranded_cargo!r}")
        if self.loan_limit % self.loan_unit:
            raise ValueError("the loan limit must be a multiple of the loan unit")
        cards_can_end = self.end_when_cards_run_out and not self.recycle_cards
        if not (cards_can_end or self.capital_target is not None or self.round_limit is not None):
            raise ValueError("Transportspelet needs an end: cards running out (without recycle_cards), "
                             "a capital_target or a round_limit")


#: Every setting and reading Transportspelet's text leaves open, with its default and its rule (the chapter's "Assumption" notes).
ASSUMPTIONS: tuple[Assumption, ...] = catalogue(TransportOptions, (
    Assumption("starting_capital", "200,000", "given by the text", "transport-setup"),
    Assumption("deck_size", "50 cards",
               "the contents list 50 transport cards, the end rule says 'all 30'; the text also lets players remove "
               "cards at random to shorten the game, so 30 is deck_size=30", "transport-winner"),
    Assumption("recycle_cards", "off", "the text's longer game: used cards go under the deck; it then needs "
               "another end (capital_target or round_limit)", "transport-winner"),
    Assumption("capital_target", "off (e.g. 300,000)", "the text's variant: the first player whose capital "
               "(money minus debt and interest owed) reaches the target wins at once, checked after every action",
               "transport-winner"),
    Assumption("round_limit", "off", "the text's time variant ('after, say, an hour') as a number of rounds, "
               "since an engine has no clock; the game ends when the last player of that round has played",
               "transport-winner"),
    Assumption("end_when_cards_run_out", "on", "the game ends when the deck is empty and no player holds a card "
               "any more: every transport card has been used", "transport-winner",
               printed="the text's end; its 'all 30' cards against the 50 of the contents is deck_size"),
    Assumption("stall", "the game also ends, at the end of a turn, when no player who holds a card can do more "
               "than pass: no transport runs, and no card can start from a free city or go on from where its leg "
               "ended, even with a loan; the reason says so, with the cards still held and in the deck",
               "the text has no end but the cards running out, and a table where nobody can pay or move would "
               "otherwise play for ever; passing alone never ends the game", "transport-winner", title="Stall",
               printed="the printed game has no such end; players would stop by agreement"),
    Assumption("stranded_cargo", "abandoned: a broke player (nothing running, and no leg of any card payable even "
               "with a full loan) who passes gives up each cargo whose piece waits in a city: the card leaves the "
               "game like a used one (no insurance payout), the piece leaves the board, a new card is drawn at once",
               "the text does not say what becomes of a player who cannot pay; a piece of theirs left in a city would "
               "block every card starting there for ever (no two pieces in one city). 'kept' leaves the pieces "
               "standing; the game may then stall", "transport-winner", title="A broke player's stranded cargo",
               printed="real players would likely clear the piece away or let the player drop out"),
    Assumption("pass", "a player with no transport running passes only when no card can start and no piece go on "
               "even with a loan; while a loan would get a card going, the player borrows first",
               "'players who need capital can borrow'; a player who could borrow and sends nothing would only "
               "stand still", "transport-loans", title="No pass while a loan would help"),
    Assumption("waiting for money", "a piece whose leg has ended may wait for money (no next leg payable from the "
               "money in hand) while the player's other transport runs, or when not even a loan would pay; "
               "otherwise it goes on after a loan", "Remember 10: one transport may wait while the other runs",
               "transport-mode-change", title="Waiting for money"),
    Assumption("limited_bank", "off", "the contents list 150 banknotes worth 6,430,000 in all; with the "
               "setting on, the bank pays only what it holds (a sale, a loan, an insurance claim is cut short)",
               "transport-contents"),
    Assumption("loan_limit", "100,000", "given by the text: 'up to 100,000'; it is the most a player may owe "
               "at one time", "transport-loans"),
    Assumption("loan_unit", "10,000", "the text gives no unit; loans are taken in tens of thousands",
               "transport-loans"),
    Assumption("interest_percent", "10 % of the sum borrowed, once", "the text says '10 percent interest' "
               "without a period; the interest is charged once per loan", "transport-loans"),
    Assumption("interest_due", "with the repayment", "'the loan is repaid when the capital is enough': the "
               "whole debt with its interest is repaid automatically after the first sale that leaves enough money "
               "(which can leave too little for the next freight: a new loan then pays it); "
               "interest_due='borrowing' charges it at once instead", "transport-loans",
               printed="the player may choose when to repay, keeping money for the next freight"),
    Assumption("exact_arrival", "off", "a piece must move the exact count, but a cargo is sold 'at once on "
               "arrival': a piece that reaches its destination stops there and the steps left are dropped",
               "transport-movement"),
    Assumption("the map", "24 European cities; each mode has its own network of routes, with rows of rings "
               "in each direction", "the board is missing; a separate row of rings per direction is assumed so that "
               "two pieces meeting head on are not stuck for ever (no piece may jump another)", "transport-board"),
    Assumption("legs", "a leg runs by the shortest path of its mode to the city named as its stop",
               "the text asks only for the place of the first stage; the route between is fixed by the map",
               "transport-choosing"),
    Assumption("no two pieces", "no two pieces at all, even of one player, in a city or a ring",
               "the text says 'no two players'; the stricter reading also keeps a player's two transports apart. "
               "A transport cannot start while its start city is taken, so a player's two cards from one city "
               "cannot start together: the second waits until the first has left", "transport-blocking",
               printed="a player's own two pieces may share a city or a ring"),
    Assumption("back and forth", "a blocked piece steps back one space, then tries forward again",
               "the text only says a blocked piece still moves the count 'back and forth'; a piece that can go "
               "neither way stays and loses the steps left", "transport-blocking"),
    Assumption("freight tariffs", "freight by mode and by steps in bands; train 1.5, car 2, plane 3.5 times "
               "the ship's freight; one table for each of the four modes", "the tariff tables are missing; 'faster "
               "costs more' is kept in every band. The contents list 3 tariffs for 4 modes: the printed sheets may "
               "have grouped two modes on one sheet or printed one mode's freight on the transport cards; four tables "
               "keep every mode's freight apart and are the same information however it is printed",
               "transport-tariffs", printed="three printed tariff sheets, laid out differently"),
    Assumption("transport cards", "50 cards drawn once: 12 sea only, 28 any mode, 10 air only; sale value by "
               "distance and cargo, premium 6 % of it", "the cards are missing", "transport-cards"),
    Assumption("telegrams", "twelve per mode: two delays, a two-move hold, more steps, fewer steps, an extra "
               "roll, damage (half value), loss, two destination changes, a charge and a reward",
               "the 48 telegram texts are missing; each deck holds the kinds the text names", "transport-telegrams"),
    Assumption("kept telegrams", "damage and destination changes stay with the transport until it ends, a hold "
               "until it has run out, an extra roll until it is rolled; the others go under their deck at once",
               "'kept while relevant'; an empty deck gives no telegram", "transport-telegrams"),
    Assumption("destination change", "a transport heading for its old destination is rerouted from the next "
               "city ahead (or where it stands) to the new one with no more freight; one bound for a change-over city "
               "keeps its leg", "the text says the paid freight still counts for the new place", "transport-telegrams"),
    Assumption("insurance", "an insured cargo that is lost pays its full sale value; an insured damaged cargo "
               "sells at full value; delays are not covered; 12 certificates",
               "what insurance pays is not given", "transport-insurance"),
    Assumption("one die", "a transport that waits (a restricted card whose vehicle is busy, or a start city "
               "taken) gets no die; with one running transport one die is rolled, with none the player passes "
               "(assumption 'pass')",
               "the text's 'only one die is rolled, since only one transport is active'", "transport-restriction"),
    Assumption("dispatch", "before rolling, every card that can start (from a free city, with the freight in hand) "
               "must start; a card's freight (and premium) must be paid from money in hand, so a player may have to "
               "borrow first", "'each player handles two transports at once'; freight is paid before the first roll. "
               "Remember 10 ('use one vehicle for a short stretch while a better one waits to become free') names "
               "waiting as the alternative: a card may then be held back on purpose", "transport-choosing",
               printed="a player may hold a card back until the vehicle they want is free"),
    Assumption("hold", "a piece held by a hold telegram (a strike) still takes a die each roll while held: the die is "
               "rolled and may draw a telegram, and the move is lost", "the text says a telegram is drawn 'every time a "
               "1 or a 6 is rolled', and that a die goes to each running transport; it does not say a held piece "
               "stops rolling", "transport-telegrams", title="A held piece rolls",
               printed="a held piece may sit out its rolls, with no die and no telegram"),
    Assumption("telegram order", "the dice are assigned, then every telegram of this roll is drawn (first "
               "transport first), then the pieces move in the order the player chose", "'telegrams are drawn before "
               "moving'", "transport-telegrams"),
    Assumption("first player", "player 0 begins, then play goes round in seat order",
               "the text does not say who begins", "transport-choosing"),
    Assumption("charges", "a telegram charge that the player cannot pay is borrowed (in loan units, up to the "
               "limit); what is still missing is waived", "the text does not say", "transport-loans"),
    Assumption("open cards", "every player's two transport cards lie face up, with their insurance certificates "
               "and kept telegrams beside them; only the order of the deck and which cards were removed are hidden",
               "the text does not say whether the cards are shown; it puts a marker tab on each card and the "
               "certificate and the telegrams beside it, and each player announces their choices to the others",
               "transport-cards", title="Open cards"),
    Assumption("telegrams seen", "a telegram drawn is seen by every player, so all know the order in which "
               "telegrams (and, with recycle_cards, used cards) went back under their pile; only the cards never "
               "drawn, on top, are in an unknown order",
               "'telegrams are individual and apply only to whoever draws them' says whom they affect, not who may "
               "read them; their effects are seen by all", "transport-telegrams", title="Telegrams seen"),
))
