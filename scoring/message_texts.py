"""Every sentence the scoring engine writes for players, in English, by stable key (see ``scoring.messages``).

One table, so a front end's catalogue can be checked against every key (``tests/app/test_i18n.py``) and a
translator sees all the engine says in one place. Keys name where a sentence is used: ``reason.<pattern>`` why a
pattern scored, ``note.*`` what a score adds, ``payment.*`` / ``liability.*`` the lines of a settlement,
``notation.*`` / ``meld.*`` / ``event.*`` what is wrong with the input. Placeholders are the parameter names
documented in ``scoring.messages``. Changing an English text here changes the frozen reports
(``tests/scoring/golden_scores.txt``): keep the words, change only on purpose.
"""

from __future__ import annotations

from typing import Final

from sikwu.scoring.messages import Texts

TEXTS: Final[dict[str, str]] = {
    # ---- why a pattern scored (scoring/patterns/)
    "reason.no_flowers": "no flowers or seasons",
    "reason.own_bonus": "{tile} belongs to seat {number}",
    "reason.round_flower": "{tile} matches the round",
    "reason.any_flower": "{tile}",
    "reason.all_flowers": "all four flowers",
    "reason.all_seasons": "all four seasons",
    "reason.seven_flowers": "declared a win on drawing the seventh flower",
    "reason.eight_flowers.declared": "declared a win on drawing the eighth flower",
    "reason.eight_flowers.held": "holds all eight flowers and seasons",
    "reason.dragon_pung": "{kind} of {tile} ({tiles})",
    "reason.seat_wind": "{kind} of the seat wind, {tile}",
    "reason.round_wind": "{kind} of the round wind, {tile}",
    "reason.matching_wind_pung": "{kind} of {tile} (seat or round wind)",
    "reason.small_three_dragons": "two dragon pungs and a pair of {tile}",
    "reason.big_three_dragons": "pungs of all three dragons",
    "reason.small_four_winds": "three wind pungs and a pair of {tile}",
    "reason.big_four_winds": "pungs of all four winds",
    "reason.all_honours": "only winds and dragons",
    "reason.all_chows": "four chows and a pair",
    "reason.all_pungs": "four pungs/kongs and a pair",
    "reason.four_concealed_pungs": "four pungs/kongs formed without claiming a tile",
    "reason.all_kongs": "four kongs and a pair",
    "reason.three_kongs": "{count} kongs",
    "reason.three_concealed_pungs": "concealed pungs of {tiles}",
    "reason.triple_pung": "pungs of {rank} in all three suits",
    "reason.seven_pairs": "seven pairs",
    "reason.half_flush": "only {suit} and honours",
    "reason.full_flush": "only {suit}",
    "reason.pure_straight": "1-9 of {suit} as three chows",
    "reason.mixed_triple_chow": "chow {rank}-{top} in all three suits",
    "reason.pure_double_chow": "two identical chows",
    "reason.twice_pure_double_chow": "two pairs of identical chows",
    "reason.nine_gates": "1112345678999 of one suit plus one more of that suit, concealed",
    "reason.thirteen_orphans": "one of each terminal and honour plus a pair",
    "reason.gem_dragon": "only {suit} with a pung of the {tile}",
    "reason.all_terminals": "only ones and nines",
    "reason.mixed_terminals": "only ones, nines and honours",
    "reason.all_simples": "no terminals and no honours",
    "reason.terminal_in_each_set": "a 1 or 9 in every set and in the pair",
    "reason.self_drawn": "drew the winning tile {tiles} from the wall",
    "reason.kong_replacement": "won on the replacement tile drawn after a kong",
    "reason.flower_replacement": "won on a replacement tile from the dead wall (after a flower)",
    "reason.double_kong_replacement": "won on the replacement tile of a second consecutive kong",
    "reason.robbing_kong": "won on {tiles} added to another player's pung",
    "reason.last_tile_draw": "self-drew the last tile of the wall",
    "reason.last_tile_discard": "won on the discard after the last tile of the wall",
    "reason.moon_from_the_bottom_of_the_sea": "self-drew the last tile of the wall and it is the 1 dot",
    "reason.plum_blossom_on_the_roof": "won on a kong replacement 5 dot completing 4-5-6 dots",
    "reason.concealed_hand": "no chow, pung or kong claimed from another player",
    "reason.heavenly": "dealer won with the starting hand",
    "reason.earthly": "won on the dealer's first discard",
    "reason.human": "non-dealer self-drew the win on the first turn",
    # ---- what a score adds (scoring/scorer.py)
    "note.chicken_hand": "chicken hand (雞糊): no scoring pattern, 0 faan",
    "note.capped": "{raw} faan is capped at the {cap}-faan limit",
    "note.below_minimum": "{counted} faan counts towards the {minimum}-faan minimum{excluded}: not a legal win",
    "note.not_counted": " ({count} faan from patterns that do not count towards it)",
    "error.no_flower_win": (
        "profile '{profile}' has no seven/eight-flower win; remove the event or choose another profile"
    ),
    "error.not_a_winning_hand": (
        "these tiles do not form four sets and a pair or a special hand allowed by profile '{profile}'; check the "
        "tiles (a missing or misread tile is the usual cause) and that every kong is declared"
    ),
    # ---- who pays whom (scoring/payments.py, scoring/payment_rules.py)
    "payment.share": "{payer_seat} pays {winner_wind} {times} x {points} = {amount}: {role}{dealer}",
    "payment.role.self_draw": "self-draw share",
    "payment.role.discarder": "discarder",
    "payment.role.other": "not the discarder",
    "payment.dealer_factor": " (dealer factor {factor})",
    "payment.others_pay_nothing": "the other players pay nothing on a discard win",
    "payment.no_discarder": (
        "won on a discard but no discarder given: say who discarded (or that it was self-drawn) to see payments"
    ),
    "payment.table_row": "{faan} faan -> {points} points{row}",
    "payment.table_row_label": " (row {label})",
    "payment.row_and_rule": "{row}; {rule}",
    "payment.rule": "discarder pays {discarder}x; others pay {others}x; self-draw: each pays {each}x{konger}",
    "payment.rule_others_nothing": (
        "discarder pays {discarder}x; others pay nothing; self-draw: each pays {each}x{konger}"
    ),
    "payment.rule_konger": "; robbed kong: konger pays all three",
    "payment.pot": "{winner_seat} also takes the draw-game pot of {pot}",
    "payment.receives": "{winner_seat} receives {amount} in total",
    "payment.below_minimum": "{counted} faan is below the {minimum}-faan minimum: not a legal win{excluded}",
    "payment.not_counted": " ({count} of the {faan} faan do not count towards the minimum)",
    "payment.no_payment_row": "no payment: below the {minimum}-faan minimum",
    "payment.nobody_pays": "Nobody pays.",
    "payment.robbed_kong": (
        "Robbing the kong: valued as a self-draw, {konger_seat} who added to the kong pays all three shares = {total}"
    ),
    "penalty.none": "False mahjong by {offender_seats}: this profile defines no penalty{source}.",
    "penalty.no_penalty_row": "no penalty",
    "penalty.head": "False mahjong by {offender_seats}{source}",
    "penalty.pays": "{payer_seat} pays {payee_seat} {amount}",
    "penalty.fixed_row": "{points} points to each non-offender",
    "penalty.limit_row": "{cap} faan (limit) -> {points} points; self-draw share {each}",
    "penalty.faan_row": "{faan} faan -> {points} points",
    "source": " ({source})",
    "draw.last_hand": "Draw on the last hand{source}: the pot of {pot} is paid back, {back} to each player.",
    "draw.last_hand_row": "draw on the last hand",
    "draw.no_pot": "Draw game: this profile has no draw-game pot{source}; nobody pays.",
    "draw.no_pot_row": "no pot",
    "draw.pot": "Draw game{source}: each player puts {each} into the pot for the next winner (pot now {pot}).",
    "draw.pot_row": "{each} points each into the pot",
    # ---- liability (scoring/liability.py)
    "liability.head": "Liability ({rule}): {liable_seat} {why}; {case}",
    "liability.rule.fourth_meld": "twelve-tile insurance",
    "liability.rule.kong_self_draw": "self-draw after a kong",
    "liability.rule.dangerous_discard": "dangerous discard",
    "liability.case.self_drawn": "self-drawn",
    "liability.case.liable_discard": "won on the liable player's discard",
    "liability.case.other_discard": "won on another player's discard",
    "liability.pays_all": "{head}: {liable_seat} pays every share, {total}",
    "liability.split": "{head}: {liable_seat} and the discarder {discarder_seat} split {total}: {part} and {rest}",
    "liability.normal": "{head}: normal payment",
    "liability.why.fourth_meld": "fed the fourth exposed meld ({tiles} {kind}): 12-tile insurance",
    "liability.why.kong": "discarded the tile for the exposed kong ({tiles} {kind}) the win was drawn after",
    "liability.why.dangerous_meld": (
        "discarded the tile for the {nth} {category} set ({tiles} {kind}) after {count} were exposed"
    ),
    "liability.why.dangerous_winning": "discarded the winning {tiles} with {count} {category} sets exposed",
    "nth.1": "first",
    "nth.2": "second",
    "nth.3": "third",
    "nth.4": "fourth",
    "nth.n": "{n}th",
    "category.dragon": "dragon",
    "category.wind": "wind",
    "category.honour": "honour",
    "category.terminal": "terminal",
    "category.one_suit": "one suit",
    "category.green": "green",
    # ---- how the hand was won, against the rest of the hand (scoring/event_checks.py)
    "event.self_drawn_discarder": "a self-drawn win has no discarder; drop discarder or set self_drawn to false",
    "event.discarder_seat": "discarder must be a seat 1-4 (1 = East .. 4 = North)",
    "event.own_discard": "the winner cannot have discarded their own winning tile; fix discarder or seat",
    "event.robbing_kong_self_drawn": (
        "robbing a kong is a win on another player's tile, not a self-draw; set self_drawn to false"
    ),
    "event.replacement_not_self_drawn": "a win on a replacement tile is a self-draw; set self_drawn to true",
    "event.kong_win_no_kong": "a kong-replacement win needs a declared kong; add the kong meld or drop the event",
    "event.double_kong_needs_two": (
        "a double kong replacement needs two declared kongs; add them or use kong_replacement"
    ),
    "event.robbing_and_replacement": "a win cannot both rob a kong and come from a replacement tile; keep one event",
    "event.last_tile_both": (
        "last_tile_wall (self-drawn last tile) and last_discard (last discard) exclude each other; keep one"
    ),
    "event.last_tile_wall_discard": (
        "last_tile_wall means the last wall tile was self-drawn; set self_drawn or use last_discard"
    ),
    "event.last_discard_self_drawn": (
        "last_discard is a win on a discard; set self_drawn to false or use last_tile_wall"
    ),
    "event.first_turn_both": "heavenly, earthly and human hands exclude each other; keep one",
    "event.first_turn_melds": "a first-turn win (heavenly/earthly/human) cannot have claimed melds",
    "event.heavenly": (
        "a heavenly hand is the dealer's self-drawn win on the starting hand; set seat = dealer and self_drawn"
    ),
    "event.earthly": (
        "an earthly hand is a non-dealer winning on the dealer's first discard; fix seat/dealer or self_drawn"
    ),
    "event.earthly_discarder": "an earthly hand is won on the dealer's discard; set discarder to the dealer's seat",
    "event.human": "a human hand is a non-dealer's self-drawn win on the first turn; fix seat/dealer or self_drawn",
    "event.flower_wins_both": "seven_flowers and eight_flowers exclude each other; keep one",
    "event.seven_flowers_count": "a seven-flower win needs exactly 7 flowers/seasons, {bonus} given",
    "event.eight_flowers_count": "an eight-flower win needs all 8 flowers/seasons, {bonus} given",
    "event.flower_win_discard": (
        "a flower win is declared on drawing a flower, i.e. a self-draw; set self_drawn to true"
    ),
    # ---- the hand as a whole (scoring/validate.py)
    "hand.not_a_tile_id": "'{token}' is not a tile id; use 1m-9m, 1p-9p, 1s-9s, 1z-7z or 1f-8f",
    "hand.bonus_twice": (
        "{tiles} ({tile}) appears {count} times but a set has only one of each flower/season; remove the duplicate "
        "(probably a misread tile)"
    ),
    "hand.too_many": (
        "{tiles} ({tile}) appears {count} times but a set has only {limit}; correct the misread tile or the meld it "
        "was counted in"
    ),
    "hand.empty": (
        "the hand is empty: give the concealed tiles including the winning tile, e.g. '123m 456p 789s 111z 55z'"
    ),
    "hand.too_many_melds": "{count} melds declared but a hand has at most four sets; remove the extra meld",
    "hand.flower_win_size": (
        "with {melds} declared meld(s) the concealed part must hold {fewer} or {expected} tiles at a flower win, not "
        "{count}; check for a missing or extra tile"
    ),
    "hand.size": (
        "a winning hand with {melds} declared meld(s) ({kongs} kong(s)) has {expected} concealed tiles ({total} tiles "
        "in all), but {count} concealed tiles were given; check for a missing or extra tile, or declare a kong that "
        "is hidden in the concealed tiles"
    ),
    "hand.no_winning_tile": ("say which tile completed the hand (winning_tile); it must be one of the concealed tiles"),
    "hand.winning_tile_in_meld": (
        "winning tile {tiles} is only in a declared meld; the winning tile belongs to the concealed tiles (a set "
        "completed by the winning tile is not a declared meld)"
    ),
    "hand.winning_tile_missing": (
        "winning tile {tiles} is not among the concealed tiles; add it or correct the winning tile"
    ),
    # ---- notation (scoring/notation.py)
    "notation.cannot_read": "cannot read {token} at position {position}: {why}; {help}",
    "notation.help": (
        "write tiles like '123m 456p 789s 111z 55z 1f', 'E S W N C F P', '東 發 一萬' or the Unicode tiles"
    ),
    "notation.no_suit_letter": "digits must be followed by a suit letter m, p, s, z or f",
    "notation.rank_range": "suit '{letter}' has tiles 1-{top}",
    "notation.not_a_tile_name": "not a tile name",
    "notation.chinese_numeral": "a Chinese numeral must be followed by 萬, 筒 or 索",
    "notation.joker": "the joker and the tile back are not tiles of a Hong Kong hand",
    "notation.unknown_character": "unknown character",
    "notation.not_a_string": "expected a string of tiles, got {type}",
    "notation.not_canonical": "{token} is not a canonical tile id (1m-9m, 1p-9p, 1s-9s, 1z-7z, 1f-8f)",
    # ---- a meld's shape (scoring/validate.py meld_shape_problem)
    "meld.not_a_kind": "{token} is not a meld kind; use chow, pung or kong",
    "meld.not_a_tile": "'{token}' is not a tile id; melds are made of 1m-9m, 1p-9p, 1s-9s or 1z-7z",
    "meld.bonus_tile": "flowers and seasons cannot be in a meld; list {tiles} under bonus tiles",
    "meld.size": "a {kind} has {size} tiles, got {count} (a {kind} is {what})",
    "meld.what.chow": "three consecutive tiles of one suit",
    "meld.what.same": "{size} identical tiles",
    "meld.identical": "a {kind} must be {size} identical tiles; fix the tiles or make it a chow",
    "meld.chow_honours": (
        "winds and dragons cannot form a chow (a chow is three tiles of one suit); make it a pung or fix the tiles"
    ),
    "meld.chow_suit": "a chow must be three tiles of one suit; fix the tiles",
    "meld.chow_run": "a chow must be three consecutive numbers (like 3-4-5); fix the tiles",
}

#: Makes a scoring :class:`~scoring.messages.Message`: ``say("reason.full_flush", suit="m")``.
say = Texts(TEXTS)

__all__ = ["TEXTS", "say"]
