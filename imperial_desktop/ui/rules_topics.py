"""The topics of the rules reference, in our own words, and which topic answers which decision.

Each topic is a title and paragraphs (an optional bold lead and a text), marked with ``N_`` for
the ``help`` catalog and translated with ``_`` where shown, so a change of language reaches them.
The texts retell the rule book (rulebook-en.md) and the decided points (clarifications.md);
they quote neither.

What depends on the board comes from its map file (``board_look``): the nations and regions a
text names are ``{placeholders}`` filled in where it is shown (:data:`BOARD_WORDS`; a paragraph
about something the board lacks is left out), and the board's own paragraphs (``rules_notes``)
stand among the topic's.

Pure data and functions: no pygame, so the tutorial, the tests and tools can use them too.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from imperial_desktop.core.board import Board
from imperial_desktop.core.events import join_words
from imperial_desktop.i18n import N_, _, language
from imperial_desktop.ui import board_look


@dataclass(frozen=True)
class Topic:
    """One entry of the reference: an id, a title and (lead, text) paragraphs (English sources)."""

    id: str
    title: str
    paragraphs: tuple[tuple[str, str], ...]

    def shown_title(self) -> str:
        return _(self.title)

    def shown_paragraphs(self) -> list[tuple[str, str]]:
        """The paragraphs in the current language with the board's words (the lead may be "")."""
        return _filled(self.board_paragraphs(), _, board_words(True))

    def source_paragraphs(self) -> list[tuple[str, str]]:
        """The paragraphs in English with the board's English words (searched in every language)."""
        return _filled(self.board_paragraphs(), str, board_words(False))

    def board_paragraphs(self) -> list[tuple[str, str]]:
        """The English sources with the board's own paragraphs at their places."""
        out = list(self.paragraphs)
        for note in board_look.rules_notes(self.id):
            leads = [lead for lead, _text in out]
            out.insert(leads.index(note.after) + 1 if note.after in leads else len(out), (note.lead, note.text))
        return out


def board_words(translated: bool) -> dict[str, str | None]:
    """The values of the texts' placeholders on the board in use, in the current language or in
    English; None where the board has no such thing (the paragraph is then left out)."""
    b = board_look.board()
    name: Callable[[str], str] = b.name_of if translated else (lambda rid: _english_name(b, rid))
    say: Callable[[str], str] = _ if translated else str
    nations = [name(n) for n in b.nation_ids]
    closed = [name(r) for r in board_look.impassable_regions()]
    cut_off = [name(r) for r in board_look.cut_off_home_provinces()]
    border = next(iter(board_look.disputed_borders()), None)
    return {
        "nations": ", ".join(nations),
        "all_nations": join_words(nations) if translated else " and ".join([", ".join(nations[:-1]), nations[-1]]),
        "first_nation": nations[0],
        "closed": say(CLOSED).format(regions=join_words(closed)) if closed else "",
        "cut_off": say(CUT_OFF).format(regions=join_words(cut_off)) if cut_off else "",
        "border_first": name(border.first) if border else None,
        "border_second": name(border.second) if border else None,
    }


def _english_name(board: Board, region_or_nation: str) -> str:
    if region_or_nation in board.regions:
        return board.regions[region_or_nation].name_en
    return board.nation_by_id[region_or_nation].name_en


def _filled(paragraphs: list[tuple[str, str]], say: Callable[[str], str],
            words: dict[str, str | None]) -> list[tuple[str, str]]:
    """(lead, text) translated by ``say`` with ``words`` filled in; without a paragraph whose word
    is None on this board."""
    out = []
    for lead, text in paragraphs:
        shown = [say(part) if part else "" for part in (lead, text)]
        fields = {f for part in shown for _lit, f, _spec, _conv in string.Formatter().parse(part) if f}
        if any(words.get(f) is None for f in fields):
            continue
        out.append(tuple(part.format(**words).strip() if fields else part for part in shown))  # type: ignore[arg-type]
    return out


# Sentences a placeholder of a paragraph stands for, on a board that has such regions.
CLOSED = N_("No unit may enter {regions}.")
CUT_OFF = N_("It does not reach {regions}.")


TOPICS: tuple[Topic, ...] = (
    Topic("overview", N_("Overview and aim"), (
        ("", N_("Imperial is set in Europe before 1914. You play an international investor, not a country. "
                "You lend money to the Great Powers ({all_nations}) by buying their bonds.")),
        (N_("Governments."), N_("The player who has lent a nation the most money forms its government: that player "
                                "takes the nation's turns and decides what it does. A nation nobody has lent to has no "
                                "government, and its turns are skipped.")),
        (N_("Turns."), N_("The nations take turns in a fixed order: {nations}, then again from the start. In its "
                          "turn a nation moves its marker on the rondel and carries out the action of the space where "
                          "it stops.")),
        (N_("The aim."), N_("When a nation reaches 25 power points the game ends. Every bond then earns its interest "
                            "times its nation's power factor, and your cash is added. The richest investor wins: the "
                            "nations only matter through the bonds you hold in them.")),
        (N_("Money."), N_("A nation's treasury and your own cash are kept apart. A government spends the treasury for "
                          "the nation but may never take money out of it. You may give your own cash to any treasury "
                          "at any time (the Donate button), but never to another player.")),
    )),
    Topic("setup", N_("Set-up and bonds"), (
        (N_("Bonds."), N_("Each nation has nine bonds of 2, 4, 6, 9, 12, 16, 20, 25 and 30 million. Their interest "
                          "is 1, 2, 3, 4, 5, 6, 7, 8 and 9 million. The price of a bond goes into the nation's "
                          "treasury.")),
        (N_("Standard start."), N_("Every player is dealt a flag card (with two or three players, several). The "
                                   "back of each card names the starting bonds the player buys, usually a 9M bond of "
                                   "that nation and a 2M bond of another. The player with a nation's flag card forms "
                                   "its government. After buying, everyone has 2M left.")),
        (N_("Cards left over."), N_("With four or five players some flag cards are not dealt: each goes to the player "
                                    "who holds that nation's 2M bond.")),
        (N_("Bond auction."), N_("A variant for experienced players: everyone starts with more cash and, nation by "
                                 "nation, each player in turn may buy one bond of that nation or pass. A nation "
                                 "nobody buys from has no government. Players left without a government receive a "
                                 "Swiss Bank.")),
        (N_("The investor card."), N_("It starts with the player to the left of the government of {first_nation} "
                                      "(or of the first nation that has one).")),
    )),
    Topic("rondel", N_("The rondel and its costs"), (
        ("", N_("The rondel has eight spaces: Factory, Production (twice), Import, Maneuver (twice), Investor and "
                "Taxation. A nation's turn is one move of its marker clockwise, followed by the action of the space "
                "where it stops.")),
        (N_("First turn."), N_("The first time, the marker may be placed on any space, free of charge.")),
        (N_("Moving."), N_("After that the marker must move forward: staying put is not allowed. One to three spaces "
                           "are free. More than three spaces cost 2M per extra space, paid by the government from "
                           "its own cash (not from the treasury): 4 spaces cost 2M, 5 cost 4M, 6 cost 6M. Six "
                           "spaces is the most.")),
        (N_("Only what you can pay."), N_("A move the government cannot pay for is not offered. A space whose action "
                                          "cannot be carried out may still be chosen: the turn then does nothing "
                                          "there.")),
        (N_("Passing the Investor."), N_("A marker that moves over the Investor space without stopping there still "
                                         "triggers its second part: after the action of the space reached, the "
                                         "holder of the investor card is paid and invests, and the Swiss Banks "
                                         "invest.")),
    )),
    Topic("factory", N_("Factory"), (
        ("", N_("The nation may build one factory, for 5M from its treasury. It can only be built in one of its own "
                "home provinces whose city has no factory yet and where no hostile army stands.")),
        (N_("The kind."), N_("A brown city takes an armaments factory (it makes armies), a light blue city a shipyard "
                             "(it makes fleets).")),
        (N_("Why build."), N_("Each factory without hostile armies brings 2M of taxes and produces a unit on the "
                              "Production space.")),
    )),
    Topic("production", N_("Production"), (
        ("", N_("Every factory of the nation makes one unit for free: an armaments factory an army, a shipyard a "
                "fleet. The unit appears in the factory's province (a new fleet lies in the harbour).")),
        (N_("Not produced."), N_("A factory whose province holds hostile armies produces nothing, and an occupier never "
                                 "produces in a foreign factory. Nothing is made once the nation's supply of army or "
                                 "fleet pieces is used up; the government then chooses which factories produce.")),
    )),
    Topic("import", N_("Import"), (
        ("", N_("The nation may buy up to three units for 1M each from its treasury: armies, fleets, or a mix.")),
        (N_("Where."), N_("Only in its own home provinces without hostile armies. Fleets only in port cities (light "
                          "blue), where they lie in the harbour. Several units may go to the same province.")),
        (N_("Limits."), N_("No more than three units per Import, no more than the treasury can pay for, and no more "
                           "than the pieces the nation has left.")),
    )),
    Topic("maneuver", N_("Maneuver: moving units"), (
        ("", N_("The nation moves its units in three steps: first the fleets, then the armies, and finally flags are "
                "placed. Each unit moves at most once per Maneuver; a unit may also stay.")),
        (N_("Fleets."), N_("A fleet moves to one adjacent sea. A fleet in a harbour can only sail to the sea marked "
                           "by the harbour's anchor. Fleets at sea never return to land.")),
        (N_("Armies."), N_("An army moves to one adjacent land region: a home province or a neutral region. Armies "
                           "never enter the seas. {closed}")),
        (N_("Convoy."), N_("An army on the coast may cross one or more seas, if the nation has a fleet in every sea it "
                           "crosses. Each fleet carries only one army per Maneuver. The army lands on a coast.")),
        (N_("Railway."), N_("Inside its own country an army may travel by railway between home provinces, before and "
                            "after its move, as far as it likes. A home province where hostile armies stand cuts the "
                            "railway there. The railway never leaves the country. {cut_off}")),
        (N_("Here."), N_("Drag a unit to its destination: the regions it may reach light up. If several convoys lead "
                         "there, you choose the route.")),
    )),
    Topic("battles", N_("Battles, hostile and friendly armies"), (
        (N_("Battles."), N_("When units of two nations share a region, a battle may happen: one unit of each side is "
                            "removed (1:1). The moving nation may fight whenever it wants during its Maneuver, also "
                            "with units that do not move. The other nations may demand a battle when a unit moves "
                            "into their region; the mover decides in which order they are asked.")),
        (N_("Fleets and armies."), N_("Fleets fight fleets at sea, armies fight armies on land. An army and a fleet "
                                      "can only fight while the fleet still lies in its harbour.")),
        (N_("Hostile or friendly."), N_("An army entering another Great Power's home province is declared hostile "
                                        "(standing) or friendly (lying). A hostile army blocks the province: no "
                                        "production, import, factory building, railway or taxes there. A friendly "
                                        "army blocks nothing. The status may be changed in a later Maneuver of its "
                                        "nation, and the other nations may then demand a battle.")),
        (N_("The last factory."), N_("When a nation has only one factory left without hostile armies, that province "
                                     "admits only friendly armies.")),
        (N_("Destroying a factory."), N_("Three hostile armies in a foreign province with no defending units left "
                                         "may destroy its factory; the three armies are removed with it. A nation's "
                                         "last unoccupied factory cannot be destroyed.")),
    )),
    Topic("flags", N_("Flags"), (
        ("", N_("At the end of a Maneuver the nation places a flag in every neutral land region and every sea it "
                "holds alone (no units of other nations there). Home provinces of the Great Powers never take "
                "flags.")),
        (N_("Keeping a flag."), N_("A flag stays when the units leave. It is replaced only when another nation holds "
                                   "the region alone, also after a battle.")),
        (N_("What flags are worth."), N_("Each flag brings the nation 1M of taxes. A nation has 15 flags.")),
    )),
    Topic("taxation", N_("Taxation and power points"), (
        (N_("Taxes."), N_("The nation collects 2M for each factory without hostile armies and 1M for each flag: at "
                          "most 25M.")),
        (N_("Success bonus."), N_("The taxes are marked on the tax chart (5M or less on the lowest box, 15M or more "
                                  "on the top one). If the marker rises, the government is paid 1M by the bank for "
                                  "every box it rose. If it stays or falls, nothing is paid, and nothing is owed.")),
        (N_("Power points."), N_("The tax chart gives the nation power points: 6M gives 1 point, each further million "
                                 "one more, up to 10 points for 15M or more.")),
        (N_("Soldiers' pay."), N_("The treasury receives the taxes minus 1M for each of the nation's armies and fleets "
                                  "(never less than nothing).")),
        (N_("The end."), N_("When a nation reaches 25 power points, the game ends at once.")),
    )),
    Topic("investor", N_("Investor and governments"), (
        (N_("Interest."), N_("The nation pays every bondholder the interest of their bonds from its treasury. If the "
                             "treasury is short, the government gives up its own interest first and then pays the "
                             "others from its own cash.")),
        (N_("The investor card."), N_("Its holder receives 2M from the bank and may then buy one bond of any nation, "
                                      "or trade one of their bonds in for a larger one of the same nation (paying the "
                                      "difference). The money goes into the nation's treasury. Then the card passes "
                                      "to the next player.")),
        (N_("Bonds."), N_("Only bonds still in the nation's pile can be bought. A player may hold several bonds of one "
                          "nation. Bonds are never sold or given away.")),
        (N_("Change of government."), N_("After the investing, whoever has lent a nation the most money takes over its "
                                         "government. A tie does not take it from the present government. If several "
                                         "challengers tie for the most, the first of them in seating order from the "
                                         "investor card's holder takes it.")),
        (N_("Passing."), N_("A nation that passes the Investor space without stopping pays no interest, but the "
                            "investor card and the Swiss Banks still invest, after the action of the space it "
                            "reached.")),
    )),
    Topic("swiss_bank", N_("Swiss Bank"), (
        ("", N_("A player who governs no nation holds a Swiss Bank. It is returned as soon as the player forms a "
                "government again.")),
        (N_("Investing."), N_("Whenever the Investor space is reached or passed, every Swiss Bank may buy or trade up "
                              "one bond too, after the holder of the investor card and in seating order from there. "
                              "A Swiss Bank gets no 2M, and the holder of the investor card does not invest twice.")),
        (N_("Forcing a stop."), N_("When a nation would pass the Investor space, a Swiss Bank may force it to stop "
                                   "there instead, but only if its treasury can pay all the interest.")),
    )),
    Topic("end", N_("End of the game and scoring"), (
        (N_("The end."), N_("The game ends as soon as a nation reaches 25 power points in a Taxation.")),
        (N_("Power factor."), N_("The power points give each nation a factor: 0 for 0 to 4 points, 1 for 5 to 9, 2 "
                                 "for 10 to 14, 3 for 15 to 19, 4 for 20 to 24 and 5 for 25.")),
        (N_("Score."), N_("Every bond is worth its interest times its nation's factor. Add your cash: each million "
                          "is a point. Example: a 12M bond (5M interest) of a nation with factor 3 is worth 15.")),
        (N_("Ties."), N_("Equal scores go to the player who has lent more to the nation with the most power points, "
                         "then to the next strongest nation, and so on.")),
    )),
    Topic("options", N_("Options of a new game"), (
        (N_("Players and seats."), N_("Two to six players. Each seat is a person at this computer (several people "
                                      "take turns: hot seat) or a computer player.")),
        (N_("Computer levels."), N_("Easy, Normal, Hard and Expert; Expert plays the strongest and thinks longest.")),
        (N_("Flag card."), N_("With the standard start every player gets a flag card and its starting bonds; "
                              "\"random\" deals them, or you give each seat its card.")),
        (N_("Start: standard or bond auction."), N_("The standard start deals the flag cards. The bond auction is "
                                                    "the variant for experienced players: more starting cash, and the "
                                                    "bonds are bought nation by nation.")),
        (N_("With or without investor card."), N_("With the card, its holder is paid 2M and invests on the Investor "
                                                  "space. Without investor card, after each nation's turn every "
                                                  "player may invest in that nation (its government first), and the "
                                                  "Investor space only pays interest.")),
        (N_("Interest shortfall."), N_("When a nation cannot pay all its interest. \"May not go to Investor\": it may "
                                       "only move to the Investor space if its treasury and its government's cash can "
                                       "pay together. \"Bondholders get less\": it may always go there, and the "
                                       "bondholders lose what is missing.")),
        (N_("Forced Investor stop."), N_("When a Swiss Bank forces a nation to stop on the Investor space: \"paid like "
                                         "a move\" makes the government pay the rondel cost of the spaces actually "
                                         "moved; \"free\" makes the stop cost nothing.")),
        (N_("Swiss Bank, no card."), N_("Without investor card: whether a Swiss Bank may still force a nation to stop "
                                        "on the Investor space (\"may force a stop\" or \"may not force\").")),
        (N_("{border_first} and {border_second}."), N_("Whether the two provinces share a land border, so that "
                                                       "armies march directly between them.")),
        (N_("Seed."), N_("A number that fixes every shuffle: the same seed and options give the same deal. Leave it "
                         "empty for a new one.")),
    )),
    Topic("controls", N_("Controls of this program"), (
        (N_("Rondel."), N_("Click a space on the rondel, or its button in the panel on the right. The cost of each "
                           "move is shown on the button.")),
        (N_("Board."), N_("Drag a unit to move it; the regions it may reach light up. Click a highlighted city to "
                          "build a factory or import there. Mouse wheel: zoom; right button: pan; Home: the whole "
                          "map.")),
        (N_("Keys."), N_("Enter: confirm the highlighted choice. Esc: close or open the menu. Ctrl+Z: undo your last "
                         "action. F1: these rules. F2 or ?: a hint. L: legend. R: what happened. S: scores. H: hide "
                         "cash (hot seat). Space: skip the animation.")),
        (N_("Sound."), N_("Settings: the volume of the sound (or off) and a calm music loop (off at first). M turns "
                          "the sound off and on again during a game.")),
        (N_("Help."), N_("The ? button on a decision panel opens the rules topic of that decision. When a move is "
                         "refused, the message names the rule.")),
    )),
    Topic("looking_back", N_("Looking back"), (
        (N_("Looking back."), N_("Backspace, or Look back in the game menu, shows the game as it was after any action: "
                                 "the board, the rondel, the tracks, the table and the log. Nothing can be played there "
                                 "and the computers wait. Enter, Esc, End or Back to the present returns to the game as "
                                 "it is.")),
        (N_("Moving through the game."), N_("Left and Right: one action back or forward. Up and Down (or Page Up and "
                                            "Page Down): one nation turn; with Shift or Ctrl: one round. Home: the "
                                            "set-up. The timeline at the top shows each nation turn in its nation's "
                                            "colour and the rounds' numbers: click or drag on it, or click a line of "
                                            "the log, to go there.")),
        (N_("Hidden cash."), N_("In a hot seat with hidden cash, the past hides the same cash as the present.")),
        (N_("A finished game."), N_("When the game is over, Watch the game again starts at the set-up. A game played "
                                    "earlier or a record file opens the same way, read-only; Back returns to the "
                                    "screen it was opened from.")),
    )),
    Topic("games_played", N_("Games played and game records"), (
        (N_("Games played."), N_("Every game played to its end is kept (the guided game is not): its players and "
                                 "levels, scores, winner, date, length and every action. Title screen, Games played: "
                                 "sort the list, filter it by a name or a computer level.")),
        (N_("Look back, rematch."), N_("Look back shows the chosen game again, action by action. Rematch starts a new "
                                       "game with the same players, levels and options: with a new deal of the flag "
                                       "cards, or the same deal and seed.")),
        (N_("Statistics."), N_("Per person and per computer level: games, wins (a shared first place is a win for "
                               "each), average place and score, the nations governed at the end, and the share of "
                               "the nation turns taken by a nation the player governed.")),
        (N_("Sharing a game."), N_("Export record… (game menu or Games played) writes the game's record to the records "
                                   "folder. A record opens from Load, Game records…, or when its file is dropped on "
                                   "the window. A damaged file is refused with the reason.")),
    )),
    Topic("charts", N_("Charts of a game"), (
        (N_("Where to find them."), N_("Game menu, Charts, at any time; and on the scores (S) once the game is over. The game "
                          "waits while the charts are open.")),
        (N_("Power points."), N_("A line per nation, in its colour and with its marker, so that the lines are told "
                                 "apart without colour too. The points change at each Taxation.")),
        (N_("Scores."), N_("A line per player, with the seat number: cash plus every bond's interest times the power "
                           "factor of its nation at that moment, as the game counts at its end. When cash is hidden "
                           "in a hot-seat game, only your own line is shown.")),
        (N_("Governments."), N_("A strip per nation in the colour of the player who governed it, round by round; "
                                "grey while nobody did.")),
        (N_("A moment."), N_("Point at a chart to see the figures of that nation turn; click it (or choose it with "
                             "the arrow keys and press Enter) to see the board as it was then. Keys 1, 2, 3 switch "
                             "the charts.")),
    )),
)

_BY_ID = {t.id: t for t in TOPICS}
DEFAULT_TOPIC = "overview"

# Which topic answers each kind of decision the core asks (GameState.decision().kind), and the
# game screen's own panels (donation, route choice).
DECISION_TOPICS: dict[str, str] = {
    "auction": "setup",
    "rondel": "rondel",
    "swiss_force": "swiss_bank",
    "factory": "factory",
    "production": "production",
    "import": "import",
    "maneuver": "maneuver",
    "entry_fight": "battles",
    "entry_ask": "battles",
    "entry_demand": "battles",
    "entry_status": "battles",
    "invest": "investor",
    "donation": "overview",
    "route": "maneuver",
    "taxation": "taxation",
}


def topic(topic_id: str) -> Topic:
    """The topic with this id (the overview for an unknown id)."""
    return _BY_ID.get(topic_id, _BY_ID[DEFAULT_TOPIC])


def topic_ids() -> list[str]:
    return [t.id for t in TOPICS]


def topic_for_decision(decision: object) -> str:
    """The topic id for a decision (a core ``Decision``, or its kind as a string; None: overview)."""
    kind = decision if isinstance(decision, str) else getattr(decision, "kind", None)
    return DECISION_TOPICS.get(kind, DEFAULT_TOPIC) if isinstance(kind, str) else DEFAULT_TOPIC


def fold(text: str) -> str:
    """Lower case without accents ("Schweizer Bank" and "schweizer" meet, "Trésor" and "tresor")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ß", "ss")


def topic_words(t: Topic) -> str:
    """Everything searchable in a topic, folded: its text in the current language, then in English
    (a German player who types "Swiss Bank" finds it too)."""
    parts = [t.shown_title()] + [f"{lead} {text}" for lead, text in t.shown_paragraphs()]
    parts += [t.title] + [f"{lead} {text}" for lead, text in t.source_paragraphs()]
    return fold(" ".join(parts))


# Words of a question that name nothing ("what is the Swiss Bank": only "swiss" and "bank" count).
# English words are dropped in every language, since the English text is searched too.
STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset("""a an the is are was be what whats which who how why when where do does did can could
        should i me my you your we our it its of to in on at for and or with about from by this that there
        get gets getting find need want much many some any""".split()),
    "de": frozenset("""was ist sind der die das den dem des ein eine einen einem einer wie warum wann wo wer
        welche welcher welches ich mich mir mein meine du dein wir man es kann konnen muss soll und oder mit
        von zu zum zur im in an am auf fur uber bei bekomme bekommt bekommen kriege kriegt viel""".split()),
    "fr": frozenset("""que qu quoi qui quel quelle quels quelles est sont le la les l un une des du de d
        comment pourquoi quand ou je j me moi mon ma mes tu on il elle nous vous et a au aux en dans pour par
        avec sur ce cet cette c obtenir avoir faire peut puis dois""".split()),
}

# A newcomer's words that the topics do not use, and the topics that answer them.
_MONEY = ("taxation", "investor")
SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {"money": _MONEY, "cash": _MONEY, "income": _MONEY, "earn": _MONEY, "earning": _MONEY,
           "pay": _MONEY, "payment": _MONEY, "rich": _MONEY + ("end",), "tax": ("taxation",), "taxes": ("taxation",),
           "flag": ("flags",), "marker": ("flags", "rondel"), "loan": ("investor", "setup"),
           "win": ("end", "overview"), "score": ("end",), "fight": ("battles",), "army": ("maneuver", "battles"),
           "fleet": ("maneuver", "battles"), "key": ("controls",), "undo": ("controls",)},
    "de": {"geld": _MONEY, "einnahme": _MONEY, "einnahmen": _MONEY, "einkommen": _MONEY, "verdienen": _MONEY,
           "zinsen": ("investor",), "kredit": ("investor", "setup"), "kredite": ("investor", "setup"),
           "flagge": ("flags",), "fahne": ("flags",), "sieg": ("end", "overview"), "gewinnen": ("end", "overview"),
           "kampf": ("battles",), "taste": ("controls",)},
    "fr": {"argent": _MONEY, "revenu": _MONEY, "gagner": _MONEY + ("end",), "interet": ("investor",),
           "impot": ("taxation",), "drapeau": ("flags", "setup"), "jeton": ("flags",), "pret": ("investor", "setup"),
           "victoire": ("end", "overview"), "combat": ("battles",), "touche": ("controls",)},
}

TITLE_WEIGHT = 3  # a word in a topic's title (or a synonym of the topic) counts three words of its text


def _stem(word: str) -> str:
    """The word without a plural ending ("drapeaux" -> "drapeau", "flags" -> "flag")."""
    return word[:-1] if len(word) > 4 and word[-1] in "sx" else word


def query_words(query: str) -> list[str]:
    """The words of a question that can name a topic: folded, stop-words (English and the
    current language's) left out, each word once."""
    stop = STOP_WORDS["en"] | STOP_WORDS.get(language(), frozenset())
    words: list[str] = []
    for word in re.findall(r"\w+", fold(query)):
        if word not in stop and word not in words:
            words.append(word)
    return words


def _synonyms() -> dict[str, tuple[str, ...]]:
    table = {_stem(k): v for k, v in SYNONYMS["en"].items()}
    for key, ids in SYNONYMS.get(language(), {}).items():
        table[_stem(key)] = table.get(_stem(key), ()) + ids
    return table


def _matches(word: str, tokens: set[str]) -> bool:
    """Whether a query word starts one of the tokens ("convoy" finds "convoys"); short words must be whole."""
    if len(word) < 3:
        return word in tokens
    stem = _stem(word)
    return any(token.startswith(stem) for token in tokens)


def _tokens(*texts: str) -> set[str]:
    return set(re.findall(r"\w+", fold(" ".join(texts))))


def search(query: str) -> list[str]:
    """Ids of the topics that answer ``query``, best first. Every word that is not a stop-word counts
    (any of them may match): a word in the title, or a synonym naming the topic, weighs
    :data:`TITLE_WEIGHT`, a word in the text 1. Case and accents are ignored; the current
    language and English are both searched. A query without such words finds every topic."""
    words = query_words(query)
    if not words:
        return [t.id for t in TOPICS]
    synonyms = _synonyms()
    scored: list[tuple[int, int, str]] = []
    for index, t in enumerate(TOPICS):
        title = _tokens(t.shown_title(), t.title)
        body = _tokens(*(f"{lead} {text}" for lead, text in t.shown_paragraphs() + t.source_paragraphs()))
        score = 0
        for word in words:
            if _matches(word, title) or t.id in synonyms.get(_stem(word), ()):
                score += TITLE_WEIGHT
            elif _matches(word, body):
                score += 1
        if score:
            scored.append((-score, index, t.id))
    return [topic_id for _score, _index, topic_id in sorted(scored)]


def plain_reference() -> str:
    """The whole reference as plain text, topic after topic (current language)."""
    out = []
    for t in TOPICS:
        out.append(t.shown_title())
        out.extend(f"{lead} {text}".strip() for lead, text in t.shown_paragraphs())
    return "\n".join(out)


__all__ = ["DECISION_TOPICS", "DEFAULT_TOPIC", "TOPICS", "Topic", "fold", "plain_reference", "query_words", "search",
           "topic", "topic_for_decision", "topic_ids", "topic_words"]
