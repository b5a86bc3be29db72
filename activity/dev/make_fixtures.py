#!/usr/bin/env python3
"""Writes the fixture states of src/fixtures/ (one per mode and stage), in the shapes of
docs/activity.md and the engine's serde (engine/src/view.rs, team*.rs, rummy/). Run from
activity/: python3 dev/make_fixtures.py"""
import json, os, time

NOW = 1790000000
OUT = os.path.join(os.path.dirname(__file__), '..', 'src', 'fixtures')
RANKS = 'A23456789TJQK'

def val(c):
    return min(RANKS.index(c[0]) + 1, 10)

RULES = {"gin_bonus": 25, "undercut_bonus": 25, "line_bonus": 25, "game_bonus": 100,
         "shutout_bonus": 100, "shutout_doubles": False, "target": 100,
         "dealer_rule": "loser_deals", "knock_limit": 10, "oklahoma": False,
         "oklahoma_ace_gin_only": False, "extra_boxes": False, "allow_rediscard": False,
         "fiftieth_card": False, "eleven_card_deal": False, "hollywood": False}
RUMMY_RULES = {"multiple_melds": False, "layoff_after_first_meld": False, "aces_high_low": False,
               "discard_to_go_out": False, "hand_rummy": "double", "reshuffle_stock": False,
               "max_stock_passes": 3, "target": 100, "rounds": None}
IN_PROGRESS = {"status": "in_progress"}

def match(mid, version, game, names, over=False, clock=True):
    return {"id": mid, "version": version, "game": game, "preset": "classic",
            "names": names, "users": [str(100 + i) if n not in ("Bot",) else None for i, n in enumerate(names)],
            "over": over,
            "clock": {"remind_at": NOW + 3600 * 12, "forfeit_at": NOW + 3600 * 24} if clock else None}

def table_view(players=(0, 1), seats=2, dealer=1, to_act=0, phase=None, pile=(), stock=21,
               counts=(10, 10), known=((), ()), upcard="3D", totals=(0, 0), end=None,
               status=IN_PROGRESS, deal_no=2, actions=()):
    return {"rules": RULES, "seats": seats, "deal_no": deal_no, "players": list(players),
            "dealer": dealer, "sitting_out": dealer if seats == 3 else None, "to_act": to_act,
            "phase": phase or {"phase": "draw", "player": 0, "stock_only": False},
            "discard_pile": list(pile), "stock_count": stock, "card_counts": list(counts),
            "known": [list(k) for k in known], "upcard": upcard, "knock_limit": 10,
            "actions": [list(a) for a in actions], "totals": list(totals),
            "lines": [0] * len(totals), "commitment": "9f2c" * 16, "end": end,
            "status": status, "hollywood": None}

def gin_move(kind, card=None, game="gin"):
    if kind in ("gin", "knock"):
        play = {"action": "knock", "card": card}
    elif card:
        play = {"action": kind, "card": card}
    else:
        play = {"action": kind}
    mid = f"{kind}:{card}" if card else kind
    return {"id": mid, "kind": kind, "card": card, "play": {game: play}}

def state(m, seat, hand, table, arrangement, moves, note=None):
    return {"t": "state", "match": m, "seat": seat, "hand": hand, "table": table,
            "arrangement": arrangement, "moves": moves, "note": note}

def arrangement(melds, deadwood):
    return {"melds": melds, "deadwood": deadwood, "points": sum(val(c) for c in deadwood)}

def write(name, s):
    with open(os.path.join(OUT, name + '.json'), 'w') as f:
        json.dump(s, f, indent=1)
        f.write('\n')

os.makedirs(OUT, exist_ok=True)
NAMES = ["Ann", "Bob"]

# Gin, two players: Ann (seat 0) discards; gin with 5S, knocks with TH or 7H.
hand11 = ["2C", "3C", "4C", "5S", "7H", "8H", "9H", "TH", "KS", "KD", "KC"]
pile = ["3D", "6S", "QC", "JD"]
disc = {"phase": "discard", "player": 0, "taken": None, "must_knock": False}
tv = table_view(to_act=0, phase=disc, pile=pile, stock=20, counts=(11, 10), known=((), ("QH",)),
                totals=(34, 61), actions=[(0, {"action": "draw_stock"})])
moves = [gin_move("discard", c) for c in hand11] + [gin_move("gin", "5S"), gin_move("knock", "TH"), gin_move("knock", "7H")]
arr = arrangement([["7H", "8H", "9H", "TH"], ["KS", "KD", "KC"], ["2C", "3C", "4C"]], ["5S"])
write("gin-discard", state(match(12, 7, "gin", NAMES), 0,
      {"game": "gin", "view": {"seat": 0, "table": tv, "hand": hand11, "legal_actions": []}},
      {"game": "gin", "view": tv}, arr, moves))

# Gin, Ann draws.
hand10 = ["2C", "3C", "4C", "6D", "7H", "8H", "9H", "KS", "KD", "QS"]
drw = {"phase": "draw", "player": 0, "stock_only": False}
tv = table_view(to_act=0, phase=drw, pile=pile, stock=21, counts=(10, 10), known=((), ("QH",)), totals=(34, 61))
write("gin-draw", state(match(12, 6, "gin", NAMES), 0,
      {"game": "gin", "view": {"seat": 0, "table": tv, "hand": hand10, "legal_actions": []}},
      {"game": "gin", "view": tv},
      arrangement([["7H", "8H", "9H"], ["2C", "3C", "4C"]], ["6D", "KS", "KD", "QS"]),
      [gin_move("draw_stock"), gin_move("draw_discard")]))

# Gin, the upcard offer to Ann; Bob's turn (Ann waits) as a second variant.
up = {"phase": "upcard_offer", "player": 0}
tv = table_view(to_act=0, phase=up, pile=["3D"], stock=31, counts=(10, 10), deal_no=0)
write("gin-upcard", state(match(12, 1, "gin", NAMES), 0,
      {"game": "gin", "view": {"seat": 0, "table": tv, "hand": hand10, "legal_actions": []}},
      {"game": "gin", "view": tv},
      arrangement([["7H", "8H", "9H"], ["2C", "3C", "4C"]], ["6D", "KS", "KD", "QS"]),
      [gin_move("take_upcard"), gin_move("pass")]))
tv = table_view(to_act=1, phase={"phase": "draw", "player": 1, "stock_only": False}, pile=pile,
                stock=21, known=(("JD",), ()), totals=(34, 61))
write("gin-waiting", state(match(12, 8, "gin", NAMES), 0,
      {"game": "gin", "view": {"seat": 0, "table": tv, "hand": hand10, "legal_actions": []}},
      {"game": "gin", "view": tv},
      arrangement([["7H", "8H", "9H"], ["2C", "3C", "4C"]], ["6D", "KS", "KD", "QS"]), []))

# Gin, the hand is over: Ann knocked with 4, Bob laid off 6H onto 3H4H5H and has 19 left.
sd = {"kind": "knock",
      "knocker_melds": [["3H", "4H", "5H"], ["9S", "9D", "9C"], ["JC", "QC", "KC"]],
      "knocker_deadwood_cards": ["AS", "3C"], "knocker_deadwood": 4,
      "defender_melds": [["7D", "8D", "9D"]],
      "layoffs": [{"card": "6H", "onto": 0}],
      "defender_deadwood_cards": ["2S", "5C", "QD", "AH", "AD"], "defender_deadwood": 19}
end = {"end": "knocked", "knocker": 0, "discard": "TS", "showdown": sd,
       "score": {"knocker_won": True, "points": 15, "lines": 1, "doubled": False}}
tv = table_view(to_act=None, phase={"phase": "over"}, pile=pile + ["TS"], stock=12,
                counts=(10, 10), totals=(49, 61), end=end)
write("gin-over", state(match(12, 15, "gin", NAMES), 0,
      {"game": "gin", "view": {"seat": 0, "table": tv, "hand": ["AS", "3C", "3H", "4H", "5H", "9S", "9D", "9C", "JC", "QC", "KC"][:10], "legal_actions": []}},
      {"game": "gin", "view": tv},
      arrangement([["3H", "4H", "5H"], ["9S", "9D", "9C"], ["JC", "QC", "KC"]], ["AS"]), []))

# Gin, a gin with an undercut-free bonus, seen by a watcher.
sd2 = {"kind": "gin", "knocker_melds": [["AS", "2S", "3S", "4S"], ["8H", "8D", "8C"], ["TD", "JD", "QD"]],
       "knocker_deadwood_cards": [], "knocker_deadwood": 0,
       "defender_melds": [], "layoffs": [],
       "defender_deadwood_cards": ["5C", "6H", "7S", "9C", "KH", "KS", "2D", "3H", "QC", "JH"], "defender_deadwood": 72}
end2 = {"end": "knocked", "knocker": 1, "discard": "4C", "showdown": sd2,
        "score": {"knocker_won": True, "points": 97, "lines": 1, "doubled": False}}
tv = table_view(to_act=None, phase={"phase": "over"}, pile=pile + ["4C"], stock=9, totals=(34, 158), end=end2,
                status={"status": "finished", "winner": 1, "resigned": None, "totals": [34, 158], "lines": [2, 5],
                        "line_bonus": [50, 125], "game_bonus": [0, 100], "shutouts": [], "finals": [84, 383],
                        "payments": [{"payer": 0, "payee": 1, "amount": 299}], "net": [-299, 299]})
write("gin-match-over-watcher", state(match(12, 22, "gin", NAMES, over=True, clock=False), None, None,
      {"game": "gin", "view": tv}, None, []))

# Three players: Cid (seat 2) dealt and sits out; Ann discards.
tv = table_view(players=(0, 1), seats=3, dealer=2, to_act=0, phase=disc, pile=pile, stock=20,
                counts=(11, 10), known=((), ("QH",)), totals=(34, 61, 12))
write("gin-three", state(match(13, 9, "gin", ["Ann", "Bob", "Cid"]), 0,
      {"game": "gin", "view": {"seat": 0, "table": tv, "hand": hand11, "legal_actions": []}},
      {"game": "gin", "view": tv}, arr, moves))

# Partnership: Ann (0) and Cid (2) against Bob (1) and Dee (3); Ann plays Bob at table 0.
t0 = table_view(players=(0, 1), seats=4, dealer=1, to_act=0, phase=drw, pile=pile, stock=21,
                known=((), ("QH",)), totals=(40, 25, 40, 25))
t1 = table_view(players=(2, 3), seats=4, dealer=3, to_act=3,
                phase={"phase": "discard", "player": 1, "taken": "8S", "must_knock": False},
                pile=["KD", "5C"], stock=19, counts=(10, 11), known=((), ("8S",)), totals=(40, 25, 40, 25))
write("partnership", state(match(14, 11, "partnership", ["Ann", "Bob", "Cid", "Dee"]), 0,
      {"game": "gin", "view": {"seat": 0, "table": t0, "hand": hand10, "legal_actions": []}},
      {"game": "partnership", "views": [t0, t1]},
      arrangement([["7H", "8H", "9H"], ["2C", "3C", "4C"]], ["6D", "KS", "KD", "QS"]),
      [gin_move("draw_stock"), gin_move("draw_discard")]))

# Team Gin: Ann (0) has drawn (8 cards) and may swap, discard or knock.
def team_move(kind, card):
    if kind in ("swap", "return"):
        play = {"team_action": kind, "action": card}
    else:
        play = {"team_action": "play", "action": {"action": "knock" if kind in ("knock", "gin") else kind, "card": card}}
    return {"id": f"{kind}:{card}", "kind": kind, "card": card, "play": {"team": play}}

team_names = ["Ann", "Bob", "Cid", "Dee"]
mine8 = ["4S", "5S", "6S", "JH", "JD", "JC", "9C", "2D"]
partner7 = ["AH", "2H", "3H", "8C", "8D", "KS", "QH"]
tt = {"rules": RULES, "deal_no": 3, "dealer": 3, "turn_of": 0, "to_act": 0, "stage": {"Turn": {"swapped": False}},
      "discard_pile": ["7C", "TD", "2C"], "stock_count": 17, "hand_sizes": [8, 7, 7, 7],
      "known": [[], ["TS"], [], []], "knock_limit": 10, "swaps": 1, "last": [0, "DrewStock"],
      "totals": [55, 30], "lines": [2, 1], "commitment": "ab" * 32, "end": None, "status": IN_PROGRESS}
tview = {"seat": 0, "hand": mine8, "partner_hand": partner7, "hand_sizes": [8, 7, 7, 7],
         "discard_pile": tt["discard_pile"], "stock_len": 17, "upcard": "9H", "knock_limit": 10, "dealer": 3,
         "to_act": 0, "turn_of": 0, "swaps": 1, "swap_given": None, "known": tt["known"], "taken": None,
         "legal_actions": [], "end": None}
tmoves = [team_move("discard", c) for c in mine8] + [team_move("swap", c) for c in mine8] + \
         [team_move("knock", "9C"), team_move("knock", "2D")]
write("team-swap", state(match(15, 20, "team", team_names), 0,
      {"game": "team", "table": tt, "view": tview}, {"game": "team", "view": tt},
      arrangement([["4S", "5S", "6S"], ["JH", "JD", "JC"]], ["9C", "2D"]), tmoves))

# Team Gin: Cid (2) swapped QH to Ann, who gives one back.
mine8b = ["4S", "5S", "6S", "JH", "JD", "JC", "2D", "QH"]
tt2 = dict(tt, turn_of=2, to_act=0, stage="SwapBack", hand_sizes=[8, 7, 7, 7], swaps=2, last=[2, "Swapped"])
tview2 = dict(tview, hand=mine8b, partner_hand=["AH", "2H", "3H", "8C", "8D", "KS", "9C"], to_act=0, turn_of=2)
write("team-return", state(match(15, 23, "team", team_names), 0,
      {"game": "team", "table": tt2, "view": tview2}, {"game": "team", "view": tt2},
      arrangement([["4S", "5S", "6S"], ["JH", "JD", "JC"]], ["2D", "QH"]),
      [team_move("return", c) for c in mine8b]))

# Team Gin over: Bob (1) knocked; Bob+Dee against Cid and Ann.
tsd = {"kind": "knock",
       "knocking": [{"melds": [["7S", "8S", "9S"], ["QD", "QC", "QS"]], "deadwood_cards": ["AC"], "deadwood": 1},
                    {"melds": [["3D", "4D", "5D", "6D"]], "deadwood_cards": ["2H", "KH", "TC"], "deadwood": 22}],
       "defending": [{"melds": [["AH", "2H", "3H"]], "deadwood_cards": ["8C", "8D", "KS"], "deadwood": 28},
                     {"melds": [["JH", "JD", "JC"]], "deadwood_cards": ["2D"], "deadwood": 2}],
       "layoffs": [{"card": "TS", "from": 0, "onto_player": 0, "onto": 0}, {"card": "7D", "from": 1, "onto_player": 1, "onto": 0}],
       "knocking_deadwood": 23, "defending_deadwood": 30}
tend = {"end": "knocked", "knocker": 1, "discard": "5H", "showdown": tsd,
        "score": {"knocking_team_won": True, "points": 7}}
tt3 = dict(tt, turn_of=None, to_act=None, stage="Over", end=tend, totals=[55, 37])
tview3 = dict(tview, hand=["4S", "5S", "6S", "JH", "JD", "JC", "2D"], to_act=None, turn_of=None, end=tend)
write("team-over", state(match(15, 30, "team", team_names), 0,
      {"game": "team", "table": tt3, "view": tview3}, {"game": "team", "view": tt3},
      arrangement([["4S", "5S", "6S"], ["JH", "JD", "JC"]], ["2D"]), []))

# Rummy, four players: Ann (0) has drawn; she may meld, lay off, discard.
rnames = ["Ann", "Bob", "Cid", "Dee"]
rhand = ["3S", "4S", "5S", "9H", "9D", "9C", "KH", "2C", "7D"]
rt = {"rules": RUMMY_RULES, "players": 4, "deal_no": 1, "card_counts": [9, 4, 7, 6],
      "melds": [{"owner": 1, "cards": ["TH", "JH", "QH"]}, {"owner": 2, "cards": ["6C", "6D", "6H"]},
                {"owner": 1, "cards": ["8S", "9S", "TS", "JS"]}],
      "discard_pile": ["4H", "QC", "AD"], "stock_count": 19, "stock_passes": 0, "dealer": 3, "to_act": 0,
      "drawn": True, "known": [[], [], ["QC"], []], "totals": [12, 40, 0, 25],
      "last_action": [0, {"action": "draw_discard"}], "commitment": "cd" * 32, "status": IN_PROGRESS}

def rummy_move(kind, card=None, cards=None, meld=None):
    if kind == "meld":
        return {"id": "meld:" + "".join(cards), "kind": "meld", "card": None, "cards": cards,
                "play": {"rummy": {"action": "meld", "cards": cards}}}
    if kind == "layoff":
        return {"id": f"layoff:{card}:{meld}", "kind": "layoff", "card": card, "meld": meld,
                "play": {"rummy": {"action": "lay_off", "card": card, "meld": meld}}}
    return {"id": f"discard:{card}", "kind": "discard", "card": card, "play": {"rummy": {"action": "discard", "card": card}}}

rmoves = [rummy_move("meld", cards=["3S", "4S", "5S"]), rummy_move("meld", cards=["9H", "9D", "9C"]),
          rummy_move("layoff", card="KH", meld=0), rummy_move("layoff", card="7D", meld=1)] + \
         [rummy_move("discard", card=c) for c in rhand if c != "AD"]
rview = {"table": rt, "seat": 0, "hand": rhand, "legal_actions": [], "end": None}
write("rummy", state(match(16, 40, "rummy", rnames), 0, {"game": "rummy", "view": rview},
      {"game": "rummy", "view": rt}, None, rmoves))

# Rummy over: Bob went out.
rt2 = dict(rt, to_act=None, drawn=False, card_counts=[5, 0, 7, 6], totals=[12, 77, 0, 25])
rend = {"end": "out", "winner": 1, "points": 37, "hand_rummy": False,
        "left": [["3S", "4S", "5S", "KH", "2C"], [], ["AS", "2H", "5D", "8H", "TC", "QD", "7C"], ["4D", "5H", "6S", "JD", "KC", "3C"]]}
write("rummy-over", state(match(16, 48, "rummy", rnames), 0,
      {"game": "rummy", "view": dict(rview, table=rt2, hand=["3S", "4S", "5S", "KH", "2C"], end=rend)},
      {"game": "rummy", "view": rt2}, None, []))

# No match in the channel.
write("none", {"t": "state", "match": None, "seat": None, "hand": None, "table": None,
               "arrangement": None, "moves": [], "note": None})
