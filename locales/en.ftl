# English messages of the gin bot. Every key here must also exist in de.ftl with the same
# placeholders (tests/i18n.rs checks it).

## Commands (descriptions shown in Discord's command picker)
cmd-gin = Play Gin Rummy
cmd-gin-name = gin
cmd-ginmod = Moderators (Manage Server): settings, seasons, cancelling, the export
cmd-ginmod-name = ginmod
cmd-start = Challenge one to three players to a Gin Rummy match
cmd-start-name = start
cmd-start-opponent = Who you challenge
cmd-start-opponent-name = opponent
cmd-start-opponent2 = A second opponent, for a three-player match
cmd-start-opponent2-name = opponent2
cmd-start-preset = Rule preset (default: classic)
cmd-start-preset-name = preset
cmd-start-target = Points to win the match (10 to 500)
cmd-start-target-name = target
cmd-start-straight = Straight Gin: no knocking, only gin ends a hand (default: off)
cmd-start-straight-name = straight
cmd-practice-straight = Straight Gin: no knocking, only gin ends a hand (default: off)
cmd-practice-straight-name = straight
cmd-start-hollywood = Hollywood scoring: three games on one sheet (two players; default: off)
cmd-start-hollywood-name = hollywood
cmd-practice-hollywood = Hollywood scoring: three games on one sheet (default: off)
cmd-practice-hollywood-name = hollywood
cmd-practice = Play a match against the bot
cmd-practice-name = practice
cmd-practice-level = How strong the bot plays (default: medium)
cmd-practice-level-name = level
cmd-practice-preset = Rule preset (default: classic)
cmd-practice-preset-name = preset
cmd-practice-target = Points to win the match (10 to 500)
cmd-practice-target-name = target
choice-simple = simple
choice-medium = medium
choice-hard = hard
cmd-leaderboard = The best players here (this server or chat)
cmd-leaderboard-name = leaderboard
cmd-leaderboard-sort = Order by (default: net points)
cmd-leaderboard-sort-name = sort
cmd-leaderboard-period = Which matches count (default: all time)
cmd-leaderboard-period-name = period
cmd-leaderboard-format = Which game: two or three players, Rummy, Partnership, Team, or all
cmd-leaderboard-format-name = format
cmd-stats = A player's figures here, or your own from everywhere
cmd-stats-name = stats
cmd-stats-player = Whose figures (default: yours)
cmd-stats-player-name = player
cmd-stats-format = Two-player, three-player or all matches
cmd-stats-format-name = format
cmd-stats-everywhere = Your own figures from every server and chat you played in, to you alone
cmd-stats-everywhere-name = everywhere
cmd-history-format = Two-player, three-player or all matches
cmd-history-format-name = format
cmd-history = A player's recent matches and their score sheets
cmd-history-name = history
cmd-history-player = Whose matches (default: yours)
cmd-history-player-name = player
cmd-cancel = End a stuck match in this channel without scoring
cmd-cancel-name = cancel
cmd-cancel-player = A player of the match to cancel (if several are running here)
cmd-cancel-player-name = player
choice-net = net points
choice-wins = wins
choice-winrate = win rate
choice-gins = gins
choice-rating = rating
choice-all = all time
choice-30d = last 30 days
choice-7d = last 7 days
choice-any = all matches
choice-two = two players
choice-three = three players
cmd-hand = Show your hand in your match in this channel
cmd-hand-name = hand
cmd-resign = Give up your match in this channel
cmd-resign-name = resign
cmd-rules = Show the rules of your match here
cmd-rules-name = rules
choice-classic = classic
choice-hoyle = hoyle
choice-flipside = flipside
choice-oklahoma = oklahoma

## Challenges
challenge-text = 🃏 { $challenger } challenges { $opponents } to Gin Rummy ({ $preset }, { $target } points to win). Accept within { $minutes } minutes.
challenge-hollywood = Hollywood scoring: three games on one sheet.
challenge-accepted-by = ✅ { $player } accepted.
challenge-declined = The challenge was declined by { $player }.
challenge-expired = ⌛ This challenge expired without an answer.
button-accept = Accept
button-decline = Decline

## The table (public)
table-title = 🃏 **Gin Rummy** · { $preset } · { $target } points · hand { $hand }
table-score = **{ $player }** { $total } ({ $lines ->
    [one] 1 line
   *[other] { $lines } lines
})
table-dealer = Dealer: { $player }
table-sits-out = { $player } deals this hand and sits it out.
table-stock = Stock: { $count }
table-discard = Discard pile: { $card } ({ $count })
table-discard-empty = Discard pile: empty
table-knock-limit = Knock limit this hand: { $limit }
table-commitment = Shuffle commitment (SHA-256 of this hand's seed, revealed after it): `{ $commitment }`
table-took = { $player } took from the pile: { $cards }
table-over = The match is over.
table-cancelled = 🛑 This match was cancelled by a moderator and is not scored. No more moves.
table-retired = 🃏 This hand is over: the table continues below.
button-my-hand = My hand
button-rules = Rules

## What happened last
act-take-upcard = { $player } took the upcard.
act-pass = { $player } passed.
act-draw-stock = { $player } drew from the stock.
act-draw-discard = { $player } took the top of the discard pile.
act-discard = { $player } discarded { $card }.
act-knock = { $player } knocked.

## Whose turn (public, mentions the player)
prompt-upcard = ➡️ { $player }: take the upcard { $card } or pass.
prompt-draw = ➡️ { $player }: draw from the stock or take { $card }.
prompt-draw-stock = ➡️ { $player }: both passed the upcard, draw from the stock.
prompt-discard = ➡️ { $player }: discard a card, or knock.
prompt-fiftieth = ➡️ { $player }: take { $card } to knock, or pass and the hand is dead.

## The hand message (only you see it)
hand-title = **Your hand** · hand { $hand } against { $opponent }
hand-cards = { $cards } · deadwood **{ $deadwood }**
hand-opponent-cards = { $player } holds { $count ->
    [one] 1 card
   *[other] { $count } cards
}
hand-wait = Waiting for { $player }.
hand-sitting-out = You deal hand { $hand } and sit it out: watch the table, you play the next one.
you-upcard = Your turn: take the upcard { $card }, or pass.
you-draw = Your turn: draw a card.
you-discard = Your turn: discard a card.
you-knock = Knock: choose the card to discard face down (knock limit { $limit }).
you-fiftieth = The stock is down to two cards: take { $card } to knock, or pass and the hand is dead.
button-take-upcard = Take { $card }
button-pass = Pass
button-draw-stock = Draw from stock
button-take-discard = Take { $card }
button-fiftieth-take = Take { $card } and knock
button-knock-mode = Knock…
button-knock-card = Knock, discard { $card } (deadwood { $deadwood })
button-gin = Gin! discard { $card }
button-back = Back
button-refresh = Refresh

## The showdown (public)
showdown-gin = 🎉 **Hand { $hand }: { $knocker } goes gin** against { $defender }.
showdown-knock = ✊ **Hand { $hand }: { $knocker } knocks** against { $defender }.
showdown-undercut = 🔄 **Hand { $hand }: { $knocker } knocks and is undercut** by { $defender }.
showdown-dead = 💤 **Hand { $hand } is dead**: two stock cards left and nobody knocked. { $dealer } deals again.
showdown-side = **{ $player }**: { $melds } · deadwood { $deadwood } = **{ $count }**
showdown-side-no-melds = **{ $player }**: no melds · deadwood { $deadwood } = **{ $count }**
showdown-layoffs = { $player } lays off: { $layoffs }
showdown-score = **{ $player } scores { $points }** ({ $lines ->
    [one] 1 line
   *[other] { $lines } lines
}).
showdown-doubled = ♠ Spade upcard: the hand counts double.
showdown-totals = Totals: { $totals }
showdown-seed = Shuffle seed `{ $seed }` (SHA-256 `{ $commitment }` was fixed before the deal).

## The end of a match (public)
end-title = 🏆 **{ $player } wins the match!**
end-resigned = { $player } resigned.
end-line = **{ $player }**: { $total } points + { $lines } × { $bonus } line bonus + { $game } game bonus = **{ $final }**
end-shutout = { $player } did not score at all: shutout.
end-payment = { $payer } pays { $payee } **{ $amount }**.
forfeit = ⌛ { $player } did not move in time and forfeits the match.
reminder = ⏰ { $player }, it is your turn. Press "My hand" on the table. After { $hours } { $hours ->
    [one] hour
   *[other] hours
} without a move the match is forfeited.

## Rules
rules-straight = Straight Gin: no knocking, only gin ends a hand.
rules-hollywood = Hollywood: three games on one sheet. Your first hand won scores in game 1, the second in games 1 and 2, every later one in all three open games; each game closes at the target with its own bonuses, and the match ends when all three are closed.
hollywood-game-open = Game { $game }: { $scores }
hollywood-game-won = Game { $game }: { $scores } · won by **{ $player }**
rules-on = on
rules-off = off
rules-loser-deals = the loser of a hand deals the next
rules-winner-deals = the winner of a hand deals the next
rules-alternate = the deal alternates
rules-text = **Rules: { $preset }**
    • { $target } points win the match; knock with deadwood of at most { $knock }.
    • Gin bonus { $gin }, undercut bonus { $undercut }, { $line } per line (hand won), game bonus { $game }, shutout { $shutout }.
    • Dealer: { $dealer }. After a dead hand the same dealer deals again.
    • Oklahoma: { $oklahoma } · take back a discard: { $rediscard } · fiftieth card: { $fiftieth } · eleven-card deal: { $eleven } · extra boxes: { $extra } · shutout doubles: { $doubles }

## Refusals and problems (only the caller sees them; nothing changed)
err-unknown-button = That button is not one of mine, or it no longer works.
err-unknown-match = I do not know that match.
err-not-a-player = You are not playing in this match.
err-sitting-out = You are sitting this hand out.
err-match-over = This match is over.
err-stale = That button was for an earlier moment of the game; here is your hand as it is now.
err-internal = Something went wrong on my side; nothing was changed. Please try again.
err-guild-only = Gin matches are played in server channels.
err-not-here = Gin does this only in servers that added it. Here you can challenge your friends (/gin start), practice against the bot, open the card table (/gin play), and see the matches played here (/gin leaderboard, /gin stats, /gin history).
err-not-here-bot-dm = Gin does this only in servers that added it. Here you can practice against the bot and see your practice matches (/gin history).
err-challenge-bot-dm = Nobody else sees your DM with the bot: challenge your friends where you talk with them. Here you can practice against the bot.
err-self-challenge = You cannot challenge yourself.
err-bot-challenge = Bots cannot accept challenges.
err-same-opponent = Name two different opponents.
err-you-busy = You already have a match or an open challenge in this channel.
err-opponent-busy = That player already has a match or an open challenge in this channel.
err-bad-option = I could not read one of the options (an unknown choice, or a user Discord could not find). Please run the command again.
err-already-playing = One of you started another match in this channel meanwhile: finish that one first.
err-declined-recently = { $player } declined your last challenges. You can challenge them again in { $minutes ->
    [one] a minute
   *[other] { $minutes } minutes
}; they can challenge you any time.
err-slow-down = Easy there! You are sending a lot in a short time: wait a few seconds, then try again. Nothing was done.
err-target-range = The target must be between 10 and 500 points.
err-rounds-range = The number of hands (rounds) must be between 1 and 50.
err-not-challenged = This challenge is not for you.
err-challenge-closed = This challenge has already been answered or has expired.
err-no-match-here = You have no match in this channel.
err-not-your-turn = It is not your turn.
err-upcard-pending = First take the upcard or pass.
err-stock-only = Both passed the upcard: draw from the stock.
err-must-draw = Draw a card first.
err-must-discard = You have drawn already: discard a card, or knock.
err-must-knock = You took the last card to knock: knock now.
err-empty-pile = The discard pile is empty.
err-card-not-in-hand = That card is not in your hand.
err-rediscard = You cannot discard the card you just took from the pile.
err-knock-limit = Knocking needs deadwood of at most { $limit }; that discard leaves { $deadwood }.
err-fiftieth-pending = Take the last discard to knock, or pass.
err-fiftieth-useless = That card would not let you knock.

## The ledger
board-title = 🏆 **Leaderboard** · { $sort } · { $period } · { $format } · page { $page }/{ $pages }
board-row = `#{ $rank }` **{ $player }** { $value } · { $played } { $played ->
    [one] match
   *[other] matches
}, { $wins } won
board-you = { $player }: { $line }
board-you-unranked = { $player } is not on this board yet.
board-empty = No matches count for this board yet.
board-sort-net = net points
board-sort-wins = wins
board-sort-winrate = win rate (at least 5 matches)
board-sort-gins = gins
board-sort-rating = rating
board-period-all = all time
board-period-30 = last 30 days
board-period-7 = last 7 days
board-format-any = all matches
board-format-two = two players
board-format-three = three players
button-previous = ◀ Previous
button-next = Next ▶
stats-none = { $player } has no finished matches here yet.
stats-none-everywhere = { $player } has no finished matches yet.
stats-title = 📊 **{ $player }**
stats-title-everywhere = 📊 **{ $player }**, everywhere you played ({ $places ->
    [one] one server or chat
   *[other] { $places } servers and chats
})
stats-matches = Matches: { $played } · won { $won } · lost { $lost } · win rate { $rate } · against the bot { $ai }
stats-points = Net points: { $net } · biggest match win: { $biggest }
stats-hands = Hands won: { $hands } · gins: { $gins } · knocks: { $knocks }
stats-undercuts = Undercuts given: { $given } · suffered: { $suffered }
stats-deadwood = Average deadwood when knocking: { $average }
stats-streak-rating = Current streak: { $streak } · rating: { $rating }
stats-streak-wins = { $count } won
stats-streak-losses = { $count } lost
stats-unrated = not rated yet
stats-streak-everywhere = Current streak: { $streak } · ratings are kept per server and chat
history-none = { $player } has no finished matches here yet.
history-title = 📜 **Recent matches of { $player }**
history-row = `{ $n }.` { $date } vs { $opponents }: { $result } ({ $how }) { $net }
history-won = won
history-lost = lost
history-finished = played out
history-resigned = resigned
history-forfeited = forfeit
history-cancelled = cancelled
button-sheet = Sheet { $n }
sheet-title = 🧾 **Score sheet of match { $id }** ({ $how }); * marks the hand's winner
sheet-knock = knock
sheet-gin = gin
sheet-undercut = undercut
sheet-dead = dead hand
sheet-lines = Boxes
sheet-box-bonus = Box+
sheet-game-bonus = Game
sheet-final = Total
sheet-net = Net
cancelled = 🛑 The match was cancelled by { $player }: it is not scored.
err-moderators-only = Only moderators (Manage Server) can do that.
err-nothing-to-cancel = There is no running match to cancel here.
err-cancel-which = Several matches run here: name a player of the one to cancel.
ai-name = { $bot } (bot, { $level })

## Basic Rummy (Rommé): commands
cmd-rummy = Play Basic Rummy (Rommé) with 2 to 6 players
cmd-rummy-name = rummy
cmd-rummy-start = Challenge one to five players to a Rummy match
cmd-rummy-start-name = start
cmd-rummy-start-opponent = Who you challenge
cmd-rummy-start-opponent-name = opponent
cmd-rummy-start-opponent2 = A second opponent
cmd-rummy-start-opponent2-name = opponent2
cmd-rummy-start-opponent3 = A third opponent
cmd-rummy-start-opponent3-name = opponent3
cmd-rummy-start-opponent4 = A fourth opponent
cmd-rummy-start-opponent4-name = opponent4
cmd-rummy-start-opponent5 = A fifth opponent
cmd-rummy-start-opponent5-name = opponent5
cmd-rummy-start-target = Points to win the match (10 to 500, default 100)
cmd-rummy-start-target-name = target
cmd-rummy-start-rounds = End the match after this many hands at most (1 to 50)
cmd-rummy-start-rounds-name = rounds
cmd-rummy-start-multiple_melds = Allow several melds per turn (default: one)
cmd-rummy-start-multiple_melds-name = multiple_melds
cmd-rummy-start-layoff_after_meld = Lay off only after your own first meld (default: off)
cmd-rummy-start-layoff_after_meld-name = layoff_after_meld
cmd-rummy-start-aces_high = Aces high or low: Q-K-A is a run, an ace counts 15 (default: off)
cmd-rummy-start-aces_high-name = aces_high
cmd-rummy-start-discard_to_go_out = The last card must be discarded (default: off)
cmd-rummy-start-discard_to_go_out-name = discard_to_go_out
cmd-rummy-start-hand_rummy = Going out in one turn (default: the hand counts double)
cmd-rummy-start-hand_rummy-name = hand_rummy
cmd-rummy-start-reshuffle = Shuffle the discard pile when it becomes the stock (default: off)
cmd-rummy-start-reshuffle-name = reshuffle
choice-double = counts double
choice-plus10 = 10 extra points
choice-off = no bonus
cmd-rummy-practice = Play Rummy against the bot, which takes every other seat
cmd-rummy-practice-name = practice
cmd-rummy-practice-players = Players at the table, you included (2 to 6, default 2)
cmd-rummy-practice-players-name = players
cmd-rummy-practice-level = How strong the bot plays (default: medium)
cmd-rummy-practice-level-name = level
cmd-rummy-practice-target = Points to win the match (10 to 500, default 100)
cmd-rummy-practice-target-name = target
cmd-rummy-rules = How Rummy is played here
cmd-rummy-rules-name = rules
choice-rummy = Rummy
board-format-rummy = Rummy
sheet-out = out
sheet-hand-rummy = rummy!
err-player-count = Gin takes one or two opponents (Hollywood: one), Partnership and Team Gin three (name your partner with `partner`, or three players: the second one named is your partner), Rummy one to five.

## Basic Rummy: challenge and table (public)
rummy-challenge-text = 🂡 { $challenger } challenges { $opponents } to Rummy ({ $goal }). Everyone must accept within { $minutes } minutes.
rummy-table-title = 🂡 **Rummy** · { $players } players · { $goal } · hand { $hand }
rummy-goal = { $target } points to win
rummy-goal-rounds = { $target } points to win or { $rounds } hands
rummy-seat = **{ $player }** { $total ->
    [one] 1 point
   *[other] { $total } points
} · { $count ->
    [one] 1 card
   *[other] { $count } cards
}
rummy-stock-turned = The stock ran out { $passes ->
    [one] once
   *[other] { $passes } times
}; at { $max } the hand ends without score.
rummy-melds-title = Melds on the table:
rummy-meld-line = `{ $n }.` { $player }: { $cards }
rummy-no-melds = No melds on the table yet.
rummy-act-meld = { $player } melded { $cards }.
rummy-act-layoff = { $player } laid { $card } off onto meld { $n }.
rummy-prompt-play = ➡️ { $player }: meld, lay off, then discard.
rummy-prompt-draw-stock = ➡️ { $player }: draw from the stock.

## Basic Rummy: your hand (only you see it)
rummy-hand-title = **Your hand** · Rummy hand { $hand } · { $count ->
    [one] 1 card
   *[other] { $count } cards
}
rummy-you-draw = Your turn: draw from the stock or take { $card }.
rummy-you-draw-stock = Your turn: draw from the stock.
rummy-you-play = Your turn: meld, lay off, then discard. The menus offer only what the rules allow now.
rummy-menu-meld = Meld a set or run…
rummy-menu-layoff = Lay a card off…
rummy-menu-discard = Discard…
rummy-menu-cut = More moves are possible than a menu holds ({ $max }): the longest melds, and every card that can be laid off, are offered.
rummy-option-layoff = { $card } → meld { $n } ({ $player }: { $cards })

## Basic Rummy: end of a hand and of the match (public)
rummy-out = 🎉 **Hand { $hand }: { $player } goes out** and scores **{ $points }**.
rummy-out-hand-rummy = 🎉 **Hand { $hand }: { $player } goes out in one turn, rummy!** and scores **{ $points }**.
rummy-left = { $player } is left with { $cards } ({ $count ->
    [one] 1 card
   *[other] { $count } cards
}) = { $points ->
    [one] 1 point
   *[other] { $points } points
}
rummy-exhausted = 💤 **Hand { $hand } ends without score**: the stock ran out too often.
rummy-end-title = 🏆 **{ $players } { $count ->
    [one] wins the Rummy match!
   *[other] share the win of the Rummy match!
}**
rummy-end-line = **{ $player }**: { $total ->
    [one] 1 point
   *[other] { $total } points
}

## Basic Rummy: rules
rummy-rules-double = the hand counts double
rummy-rules-bonus10 = 10 extra points
rummy-rules-target = { $target } points win the match
rummy-rules-rounds = the match ends after { $rounds } hands, or sooner when someone reaches { $target } points
rummy-rules-text = **Rules: Basic Rummy (Rommé)**, 2 to 6 players: 10 cards each for two, 7 for three or four, 6 for five or six.
    • On your turn: draw from the stock or take the top discard; meld one set (3 or 4 of a rank) or run (3 or more in a suit); lay cards off onto any meld on the table; then discard. A card taken from the pile is not discarded in the same turn.
    • Whoever gets rid of all their cards goes out and scores the cards left in the other hands (ace 1, pictures 10, the rest their value); { $end }.
    • Several melds per turn: { $multiple } · lay off only after your own first meld: { $first } · aces high or low (Q-K-A, ace 15): { $aces } · the last card must be discarded: { $discard } · going out in one turn (rummy): { $rummy } · empty stock: the pile is turned over (shuffled: { $shuffle }); after { $passes } times the hand ends without score.
    • Challenge with `/rummy start`, play the bot with `/rummy practice players:4`; `/gin hand` and `/gin resign` work for Rummy too.
err-rummy-already-drawn = You have drawn already: meld, lay off or discard.
err-rummy-not-a-meld = Those cards are not a set or a run.
err-rummy-one-meld = One meld per turn: lay off or discard now.
err-rummy-no-such-meld = That meld is not on the table.
err-rummy-does-not-extend = That card does not extend that meld.
err-rummy-layoff-first = Lay off only after your first meld.
err-rummy-rediscard = The card you took from the pile cannot be discarded this turn.
err-rummy-discard-to-go-out = Your last card must be discarded: keep one.
err-rummy-strand = That would leave you only the card you took from the pile, which you cannot discard this turn.

## Replays
cmd-replay = A finished hand step by step, rebuilt from its seed and the moves
cmd-replay-name = replay
cmd-replay-match = The match number (from /gin history or its score sheet)
cmd-replay-match-name = match
cmd-replay-hand = Which hand (default: the first)
cmd-replay-hand-name = hand
replay-title = 🔁 **Replay of match { $id }** · hand { $hand } of { $hands } · step { $step } of { $steps }
replay-previous-hand = ◀ Hand { $hand }
replay-next-hand = Hand { $hand } ▶
err-replay-in-play = That match is still being played: replays are for finished matches.
err-replay-gin-only = Replays are of two- and three-player Gin matches for now.
err-played-elsewhere = That match was played in another channel: its hands can be looked at there, or by its players.
err-no-such-hand = That match has no such finished hand.

## Export
cmd-export = Your own matches as a CSV file
cmd-export-name = export
cmd-export-before = Only matches numbered below this one (for the next file)
cmd-export-before-name = before
cmd-ginmod-export = The server's matches as a CSV file
cmd-ginmod-export-name = export
cmd-ginmod-export-before = Only matches numbered below this one (for the next file)
cmd-ginmod-export-before-name = before
export-done = 📄 { $matches ->
    [one] 1 finished match
   *[other] { $matches } finished matches
}, newest first: one row per match and player.
export-more = Older matches: `{ $mine ->
    [yes] /gin export
   *[other] /ginmod export
} before:{ $before }`.
export-none = There are no finished matches to export yet.

## Four players: Partnership Gin and Team Gin (RULES.md section 11)
cmd-start-opponent3 = A third player, for Partnership or Team Gin
cmd-start-opponent3-name = opponent3
cmd-start-mode = Four players in two teams: Partnership Gin or Team Gin with card swap
cmd-start-mode-name = mode
cmd-start-partner = Your partner in a four-player mode (sits opposite you)
cmd-start-partner-name = partner
cmd-practice-mode = Four players: you and an AI partner against two AI players
cmd-practice-mode-name = mode
choice-partnership = Partnership Gin
choice-team = Team Gin
mode-partnership = Partnership Gin
mode-team = Team Gin with card swap
board-format-partnership = Partnership Gin
board-format-team = Team Gin
challenge-teams = { $mode }: { $first } against { $second }.
pship-title = 🃏 **Partnership Gin** · { $preset } · { $target } points · hand { $hand }
pship-table = **Table { $table }**: { $first } against { $second } · dealer { $dealer }
pship-table-waits = Table { $table } is done and waits for the other table.
pship-table-done = Your table is done: the hand ends when the other table has ended too.
pship-commitments = Shuffle commitments (SHA-256 of each table's seed, revealed after the hand): table 1 `{ $first }` · table 2 `{ $second }`
pship-hand-over = 🏁 **Hand { $hand } is over at both tables.**
pship-table-result = __Table { $table }__
pship-table-short = Table { $table }:
pship-scores-sum = **{ $team } win both tables and score { $points }.**
pship-scores-difference = **{ $team } score the difference, { $points }.**
pship-scores-nothing = Both teams made the same: nobody scores this hand.
teams-end-note = Every player's ledger result is the team's: { $team } win.
team-title = 🃏 **Team Gin** · { $preset } · { $target } points · hand { $hand }
team-dealer = Dealer: { $player } · cards held: { $holds }
team-swaps = Swaps this hand: { $count }
team-act-upcard = { $player } took the upcard { $card }.
team-act-pile = { $player } took { $card } from the discard pile.
team-act-swap = { $player } gave { $partner } a card face down.
team-act-return = { $player } gave { $partner } a card back face down.
team-prompt-draw-stock = ➡️ { $player }: all four passed the upcard, draw from the stock.
team-prompt-turn = ➡️ { $player }: discard a card, knock, or swap a card with your partner first.
team-prompt-return = ➡️ { $player }: { $partner } gave you a card; give one back.
team-hand-title = **Your hand** · Team Gin hand { $hand } · with { $partner } against { $opponents }
team-partner-cards = { $partner } (your partner): { $cards } · deadwood { $deadwood }
team-wait-return = You gave { $partner } { $card }: waiting for a card back.
team-you-return = { $partner } gave you { $card }: choose the card to give back (it may be the same).
team-you-swap = Swap: choose the card to give your partner face down.
team-you-discard-or-swap = Your turn: discard a card, or swap one with your partner first.
team-button-swap = Swap…
err-team-swapped = You have swapped once this turn already: discard a card or knock.
err-team-swap-pending = Your partner is choosing the card to give back: wait a moment.
err-team-no-swap-now = A swap comes after your draw and before your discard.
err-team-no-swap = There is no swap waiting for your answer.
team-showdown-gin = 🎉 **Hand { $hand }: team gin!** { $knocker } goes down for { $team } against { $defenders }.
team-showdown-knock = ✊ **Hand { $hand }: { $knocker } knocks** for { $team } against { $defenders }.
team-showdown-undercut = 🔄 **Hand { $hand }: { $knocker } knocks for { $team } and is undercut** by { $defenders }.
team-layoff = { $player } lays off { $card } on { $owner }'s { $meld }.
team-deadwood = Deadwood: { $team } { $knocking } · { $defenders } { $defending }
team-score = **{ $team } score { $points }.**
rules-partnership = **Partnership Gin** (four players, two teams): every hand, each player plays an ordinary two-player hand against a player of the other team, at two tables dealt from two decks at the same time; opponents switch every hand. When both tables have ended, a team that won both scores the sum; one table each, the higher score takes the difference. Default target 125; bonuses and the settlement are the teams'.
rules-team = **Team Gin with card swap** (four players, two teams): seven cards each, play clockwise from the dealer's left; the upcard is offered round the table. You see your partner's hand. After your draw you may swap once: give your partner a card face down and get any one back. Knock on your own deadwood; the showdown counts both hands of each team; defenders lay off only onto knocking players who have deadwood. Team gin: gin bonus + the defenders' deadwood; knock: the difference; undercut: the difference + the undercut bonus to the defenders. Dead hand at two stock cards.
rules-seating = Partners sit opposite each other: in `/gin start`, name your partner with `partner` and the two others as opponents, or name three players in seat order (the second one is your partner).
cmd-rules-mode = Explain a four-player mode: Partnership Gin or Team Gin
cmd-rules-mode-name = mode
teams-end-title = 🏆 **{ $player } win the match!**
teams-end-resigned = { $player } resigned.
teams-end-payment = { $payer } pay { $payee } **{ $amount }**.
table-clock = ⏳ Reminder { $remind } · forfeit { $forfeit } without a move
button-rematch = Rematch
err-rematch-in-play = That match is still being played.
err-nothing-to-watch = There is no match in play here to watch.
cmd-watch = Show the table of a match in this channel, only to you
cmd-watch-name = watch
cmd-watch-player = Whose match (default: the newest here)
cmd-watch-player-name = player
cmd-settings = Change the server's settings
cmd-gin-settings = The server's settings (moderators change them with /ginmod settings)
cmd-gin-settings-name = settings
cmd-settings-name = settings
cmd-settings-preset = Default rule preset of new matches
cmd-settings-preset-name = preset
cmd-settings-target = Default points to win (10 to 500)
cmd-settings-target-name = target
cmd-settings-channels = Where matches may start: channel mentions, or "everywhere"
cmd-settings-channels-name = channels
cmd-settings-reminder_minutes = Idle minutes before a reminder (1 to 1440)
cmd-settings-reminder_minutes-name = reminder_minutes
cmd-settings-forfeit_hours = Idle hours before a forfeit (1 to 168)
cmd-settings-forfeit_hours-name = forfeit_hours
cmd-settings-ai_delay_ms = The bot's pause before its moves, in ms (0 to 10000)
cmd-settings-ai_delay_ms-name = ai_delay_ms
cmd-settings-language = Language of public messages (default: the server's)
cmd-settings-language-name = language
cmd-settings-reset = Back to the bot's defaults first
cmd-settings-reset-name = reset
cmd-settings-cards = How public messages show cards: pictures (default) or text
cmd-settings-cards-name = cards
cmd-cards = How your own hand messages show cards: pictures or text
cmd-cards-name = cards
cmd-cards-look = Pictures, four-colour pictures or text (default: pictures)
cmd-cards-look-name = look
choice-pictures = pictures
choice-four-colour = four-colour pictures
choice-text = text
choice-server = the server's language
choice-english = English
choice-deutsch = Deutsch
settings-changed = ✅ Settings saved. New matches use them; running matches keep their rules.
settings-text = ⚙️ **Settings of this server**
    • Rules: { $preset } · target: { $target }
    • Matches may start: { $channels }
    • Reminder after { $reminder } min · forfeit after { $forfeit } h · the bot pauses { $delay } ms
    • Public language: { $language } · cards: { $cards }
    Moderators (Manage Server) change them with `/ginmod settings`; the server's Integrations page can also limit who may use each command.
settings-everywhere = in every channel
settings-server-language = the server's own
settings-preset-target = the preset's
err-channel-not-allowed = Matches are started in this server's game channels only (see `/gin settings`).
err-setting-target = The target must be between 10 and 500 points. Nothing was changed.
err-setting-reminder = The reminder must come after 1 to 1,440 minutes. Nothing was changed.
err-setting-forfeit = The forfeit must come after 1 to 168 hours, and after the reminder. Nothing was changed.
err-setting-ai-delay = The bot's pause must be 0 to 10,000 ms. Nothing was changed.
err-setting-channels = Name the channels as mentions (#channel) or ids, at most 25, or say "everywhere". Nothing was changed.
cmd-leaderboard-season = A season by name or number (default: the running one)
cmd-leaderboard-season-name = season
cmd-season = End the running season and start the next: boards and ratings start afresh
cmd-season-name = season
cmd-season-opt-name = The new season's name (default: Season n)
cmd-season-opt-name-name = name
season-name = Season { $n }
season-started = 🏁 **{ $ended } is over; { $started } begins.** Boards and ratings start afresh; here is how { $ended } ended.
board-season = Season: **{ $season }**
err-no-such-season = No season of that name or number here (or another moderator just started one).
err-season-name = A season's name needs 1 to 50 characters on one line, at least one of them visible. Nothing was changed.

## Pictures: the showdown image and the stats chart (drawn in capitals; their descriptions
## are the alt text)
pic-gin = { $player } goes gin
pic-knocks = { $player } knocks · deadwood { $deadwood }
pic-defends = { $player } · deadwood { $deadwood }
pic-scores = { $player } scores { $points }
chart-rating = Rating
chart-net = Net points
chart-matches = { $count ->
    [one] Last match
   *[other] Last { $count } matches
}
chart-rating-trend = rating from { $from } to { $to }
chart-rating-none = no rating recorded yet
chart-description = Chart of { $player }'s last { $count ->
    [one] match
   *[other] { $count } matches
}: { $rating }; net points { $net }.
cards-now = Your hand messages show cards as: **{ $look }**.
cards-changed = Done: your hand messages now show cards as **{ $look }**.
cards-look-pictures = pictures
cards-look-four-colour = pictures, four colours (♦ blue, ♣ green)
cards-look-text = text

## The coach (practice matches: the hard player's move for your view, and why)
button-hint = Hint
err-no-hint = Hints are for practice matches against the bot, when you have a move to choose.
hint-take-meld = Take { $card }: it joins a meld; deadwood { $before } → { $after } after your discard.
hint-take = Take { $card }: deadwood { $before } → { $after } after your discard.
hint-pass = Pass: taking { $card } would leave deadwood { $after } at best (now { $before }).
hint-pass-better = Pass: { $card } would bring your deadwood from { $before } to { $after }, but it would show your opponent what you collect, and the hard player expects more from the stock.
hint-stock = Draw from the stock: taking { $card } would leave deadwood { $after } at best (now { $before }).
hint-stock-better = Draw from the stock: { $card } would bring your deadwood from { $before } to { $after }, but it would show your opponent what you collect, and the hard player expects more from the stock.
hint-discard-loose = Discard { $card }: it is in no meld and near no other card; deadwood { $after }.
hint-discard = Discard { $card }: it leaves the least deadwood, { $after }.
hint-discard-keep = Discard { $card }: deadwood { $after } ({ $least } is possible), but the cards you keep draw better, or { $card } helps your opponent less.
hint-play-on = Discard { $card } and play on: a knock now would show { $knock }, but gin or a safer knock is worth more here; deadwood { $after }.
hint-knock = Knock, discarding { $card }: deadwood { $deadwood }.
hint-gin = Go gin, discarding { $card }!
sheet-hints = Hints

## /tournament: the command's texts
cmd-tournament = Tournaments: Swiss, knockout or round robin
cmd-tournament-name = tournament
cmd-tournament-create = Create a tournament in this channel (Manage Server)
cmd-tournament-create-name = create
cmd-tournament-create-opt-name = The tournament's name (up to 60 characters)
cmd-tournament-create-opt-name-name = name
cmd-tournament-create-format = Swiss, knockout or round robin
cmd-tournament-create-format-name = format
cmd-tournament-create-rounds = Swiss only: how many rounds (1 to 30; default: enough for one winner)
cmd-tournament-create-rounds-name = rounds
cmd-tournament-create-signup_minutes = Minutes until sign-up closes and round 1 starts (default 60)
cmd-tournament-create-signup_minutes-name = signup_minutes
cmd-tournament-create-round_minutes = Minutes per round before idle players forfeit (default 1440)
cmd-tournament-create-round_minutes-name = round_minutes
cmd-tournament-create-mode = Teams of two: Partnership Gin or Team Gin (partners sign up together)
cmd-tournament-create-mode-name = mode
cmd-tournament-create-preset = The matches' rule preset (default: the server's)
cmd-tournament-create-preset-name = preset
cmd-tournament-create-target = Points to win each match (10 to 500)
cmd-tournament-create-target-name = target
cmd-tournament-create-straight = Straight Gin matches (default: off)
cmd-tournament-create-straight-name = straight
cmd-tournament-create-hollywood = Hollywood matches (default: off)
cmd-tournament-create-hollywood-name = hollywood
cmd-tournament-join = Join this channel's tournament
cmd-tournament-join-name = join
cmd-tournament-join-partner = Your partner, in a team tournament
cmd-tournament-join-partner-name = partner
cmd-tournament-leave = Leave this channel's tournament before it starts
cmd-tournament-leave-name = leave
cmd-tournament-start = Close sign-up and start round 1 now (Manage Server)
cmd-tournament-start-name = start
cmd-tournament-standings = This channel's tournament as it stands
cmd-tournament-standings-name = standings
cmd-tournament-cancel = Call off this channel's tournament (Manage Server)
cmd-tournament-cancel-name = cancel
cmd-tournament-disqualify = Disqualify a player and their team (Manage Server)
cmd-tournament-disqualify-name = disqualify
cmd-tournament-disqualify-player = Who is disqualified
cmd-tournament-disqualify-player-name = player
cmd-tournament-extend = Give the current round more time (Manage Server)
cmd-tournament-extend-name = extend
cmd-tournament-extend-minutes = Minutes to add (5 to 10080)
cmd-tournament-extend-minutes-name = minutes
choice-swiss = Swiss
choice-knockout = knockout
choice-round_robin = round robin
history-tournament = 🏆 { $name }, round { $round }
cmd-leaderboard-tournament = Only the matches of this tournament (its name or number)
cmd-leaderboard-tournament-name = tournament
err-no-such-tournament = This server has no tournament of that name or number.
board-tournament = 🏆 Tournament: { $name }
reminder-at = ⏰ { $player }, it is your turn in this tournament match. Press "My hand" on the table. Without a move the match is forfeited { $at } (the round's deadline).
## Tournaments: the event's public message (it pings nobody), the posts beside it, a
## tournament match's table, and the answers to the tournament commands
tournament-title = 🏆 **{ $name }**
tournament-about = { $format } · { $game } · organised by { $creator }
tournament-format-swiss = Swiss system, { $rounds ->
    [one] 1 round
   *[other] { $rounds } rounds
}
tournament-format-swiss-open = Swiss system (as many rounds as the field needs)
tournament-format-knockout = Knockout
tournament-format-round-robin = Round robin
tournament-game-gin = Gin Rummy ({ $preset })
tournament-game-straight = Straight Gin ({ $preset })
tournament-game-hollywood = Hollywood Gin ({ $preset })
tournament-game-partnership = Partnership Gin, teams of two ({ $preset })
tournament-game-team = Team Gin, teams of two ({ $preset })
tournament-game-rummy = Basic Rummy ({ $preset })
tournament-signup = 📝 Sign-up closes { $closes }; then round 1 begins. Each round lasts { $length }.
tournament-signup-teams = Teams sign up with `/tournament join`, naming the partner; the partner then confirms with **Join** (a team waiting for that is marked ⏳).
tournament-minutes = { $count ->
    [one] 1 minute
   *[other] { $count } minutes
}
tournament-hours = { $count ->
    [one] 1 hour
   *[other] { $count } hours
}
tournament-days = { $count ->
    [one] 1 day
   *[other] { $count } days
}
tournament-entrants = **Entrants: { $count }**
tournament-no-entrants = Nobody has signed up yet.
tournament-more = … and { $count } more
tournament-round = ⚔️ **Round { $round } of { $rounds }** · ends { $deadline }
tournament-table = `{ $table }` { $first } vs { $second }
tournament-table-won = `{ $table }` { $first } vs { $second }: { $winner } won
tournament-table-forfeit = `{ $table }` { $first } vs { $second }: { $winner } won by forfeit
tournament-table-walkover = `{ $table }` { $first } vs { $second }: { $winner } won by walkover
tournament-table-waiting = `{ $table }` { $first } vs { $second } (starts once a player's other match here is over)
tournament-bye = `{ $table }` { $first } has a bye
tournament-standings = **Standings**
tournament-standing = `#{ $place }` { $name }: { $points ->
    [one] 1 point
   *[other] { $points } points
} · Buchholz { $buchholz } · net { $net }
tournament-out = (out)
tournament-bracket = **Bracket**
tournament-bracket-round = Round { $round }
tournament-quarter-finals = Quarter-finals
tournament-semi-finals = Semi-finals
tournament-final = Final
tournament-beat = { $winner } beat { $loser }
tournament-beat-forfeit = { $winner } beat { $loser } (forfeit)
tournament-beat-walkover = { $winner } beat { $loser } (walkover)
tournament-versus = { $first } vs { $second }
tournament-advances = { $first } (bye)
tournament-final-standings = 🏁 **Final standings**
tournament-winner = 🥇 Winner: { $name }
tournament-cancelled = ❌ This tournament was cancelled.
button-join = Join
button-leave = Leave
tournament-paired = 🏆 **{ $name }**: round { $round } of { $rounds } is paired and ends { $deadline }. Each match gets its own table in this channel.
tournament-paired-more = 🏆 **{ $name }**, round { $round } (continued)
tournament-over = 🏁 **{ $name }** is over. Congratulations, { $winner }!
tournament-called-off = ❌ **{ $name }** was cancelled; its open matches were called off.
tournament-too-few = ❌ **{ $name }** is called off: fewer than two entrants signed up.
tournament-table-event = 🏆 Tournament round { $round } · the round ends { $deadline }
tournament-joined = ✅ You are signed up for **{ $name }**. Your matches will be posted in this channel once the rounds begin.
tournament-left = 👋 Your entry in **{ $name }** is withdrawn.
tournament-started = ▶️ **{ $name }** has begun: the tables of round 1 are being posted.
tournament-cancelled-done = ❌ **{ $name }** is cancelled; its open matches are called off.
tournament-disqualified = 🚫 { $player } is disqualified from **{ $name }**; an open match of theirs is lost by walkover.
tournament-extended = ⏳ The current round of **{ $name }** now ends { $deadline }.
pic-bracket-winner = Winner
pic-bracket-bye = Bye
pic-bracket-description = Bracket of { $name }: { $rounds }
err-no-tournament-here = No tournament is open in this channel.
err-tournament-exists = This channel already has an open tournament: it has to finish (or be cancelled) before another one starts here.
err-tournament-name = A tournament's name needs 1 to 60 characters. Nothing was changed.
err-tournament-times = Sign-up can last from 1 minute to 7 days, and each round from 5 minutes to 7 days. Nothing was changed.
err-swiss-rounds = A Swiss tournament plays 1 to 30 rounds. Nothing was changed.
err-cannot-post-here = I cannot run a tournament in this channel: I need the View Channel and Send Messages permissions here (and Attach Files for the bracket picture).
err-signup-closed = Sign-up for this tournament is closed.
err-partner-needed = This tournament is for teams of two: sign up with `/tournament join` and name your partner.
err-partner-not-wanted = This tournament is for single players: sign up without a partner.
err-already-entered = You (or your partner) are already signed up for this tournament.
err-not-entered = You are not signed up for this tournament.
err-tournament-full = This tournament is full: it takes at most 256 entrants.
err-tournament-running = This tournament has already begun.
err-too-few-entrants = A tournament needs at least 2 entrants to begin.
err-tournament-not-running = This tournament has not begun yet: it is still taking sign-ups.
err-not-an-entrant = That player is not in this tournament.
err-already-out = That entrant is already out of the tournament.
err-tournament-match = This is a tournament match: a moderator uses `/tournament disqualify` or `/tournament cancel` instead.
tournament-awaiting-partner = 🤝 Your team is signed up for **{ $name }**: it is entered once { $partner } confirms with `/tournament join` (or **Join**).
tournament-confirmed = ✅ Your team is entered in **{ $name }**.
tournament-called-off-signup = ❌ **{ $name }** was cancelled by a moderator before it began.
tournament-lost-called-off = ⚠️ I can no longer post in { $channel } (no access or no permission there, or the channel is gone), so your tournament **{ $name }** was called off. Give me View Channel and Send Messages there, then create it again.
tournament-lost-ended = ⚠️ I can no longer post in { $channel } (no access or no permission there, or the channel is gone), so the end of your tournament **{ $name }** was not shown there. `/tournament standings` still shows it.

## The web table (the Activity): the bot's remarks on its socket
web-unauthorized = Your session is over: the table signs you in again.
web-rate-limited = Slow down a little: too many moves at once.
web-stale = The table has moved on; here it is as it is now.
web-not-in-activity = Open the table from the Activity in your channel.
web-not-present = That player does not have the table open here.
web-cannot-post = The bot cannot post in this channel.
web-unavailable = Discord is not answering just now: the table tries again by itself.
web-owner-away = The bot is restarting for this server: nothing was changed; try again in a moment.
cmd-play = Open the card table (the Activity) in this channel
cmd-play-name = play
launch-off = The card table is not set up on this bot: play with the buttons (`/gin start`).
launch-unavailable = Discord cannot open the card table here: play with the buttons (`/gin start`).

## The card table (the Activity): the page's texts, served without `activity-`
activity-connecting = Connecting…
activity-reconnecting = Connection lost, reconnecting in { $seconds } s…
activity-retrying = Trying again in { $seconds } s…
activity-left = You are not in this Activity: open the table from the Activity in your channel.
activity-retry = Try again
activity-auth-failed = Discord did not let the table sign you in: { $text }
activity-start-failed = The table could not start: { $text }
activity-no-match = No match in this channel. Start one here or with /gin start, and it shows here.
activity-watching = You are watching
activity-present = At the table: { $names }
activity-card = { $rank } of { $suit }
activity-rank-A = ace
activity-rank-2 = two
activity-rank-3 = three
activity-rank-4 = four
activity-rank-5 = five
activity-rank-6 = six
activity-rank-7 = seven
activity-rank-8 = eight
activity-rank-9 = nine
activity-rank-T = ten
activity-rank-J = jack
activity-rank-Q = queen
activity-rank-K = king
activity-suit-S = spades
activity-suit-H = hearts
activity-suit-D = diamonds
activity-suit-C = clubs
activity-move-discard = Discard { $card }
activity-move-knock = Knock, discarding { $card }
activity-move-gin = Gin, discarding { $card }
activity-move-swap = Give { $card } to your partner
activity-move-return = Give { $card } back to your partner
activity-move-take-upcard = Take the upcard { $card }
activity-move-draw-discard = Take { $card } from the discard pile
activity-move-draw-stock = Draw from the stock
activity-move-pass = Pass
activity-move-meld = Meld { $cards }
activity-move-layoff = Lay off { $card } on meld { $meld }
activity-knock-mode = Knock…
activity-knock-mode-gin = Gin…
activity-knock-mode-off = Back to discarding
activity-knock-hint = Pick the card to discard face down.
activity-swap-mode = Swap…
activity-swap-mode-off = Don’t swap
activity-swap-hint = Pick the card to give your partner.
activity-return-hint = Your partner gave you a card: pick one to give back.
activity-gin-label = Gin
activity-sort = Sort into melds
activity-stock = Stock, { $count } cards
activity-stock-count = { $count }
activity-pile = Discard pile, { $card } on top
activity-pile-empty = Discard pile, empty
activity-hand-label = Your hand, { $count } cards
activity-deadwood = Deadwood: { $points }
activity-meld-group = Meld
activity-deadwood-group = Deadwood
activity-cards-held = { $count } cards
activity-took-from-pile = Took from the pile
activity-dealer = Dealer
activity-sits-out = Sits out this hand
activity-you-sit-out = You dealt this hand and sit it out; you play the next one.
activity-partner = Partner
activity-partner-hand = { $name }’s hand
activity-other-table = Other table
activity-table-melds = Melds on the table
activity-meld-of = Meld { $n } ({ $name })
activity-score = Score
activity-team = { $a } & { $b }
activity-target = to { $points }
activity-knock-limit = Knock at { $points } or less
activity-deal = Hand { $n }
activity-clock = Turn clock: { $time } left
activity-clock-reminder = reminder at { $time }
activity-turn-you-upcard = Your turn: take the upcard or pass
activity-turn-you-draw = Your turn: draw from the stock or the discard pile
activity-turn-you-draw-stock = Your turn: draw from the stock
activity-turn-you-discard = Your turn: discard a card
activity-turn-you-return = Your turn: give a card back to your partner
activity-turn-you-play = Your turn: meld, lay off, then discard
activity-turn-you-fiftieth = Your turn: take the last discard to knock, or pass
activity-turn-other = { $name }’s turn
activity-turn-other-return = { $name } is giving a card back
activity-hand-over = The hand is over
activity-match-over = The match is over
activity-match-won = { $name } wins the match
activity-match-cancelled = The match was cancelled
activity-final-score = Final score: { $scores }
activity-showdown = Showdown
activity-end-gin = { $name } goes gin
activity-end-knock = { $name } knocks
activity-end-undercut = { $name } undercuts { $knocker }
activity-end-dead = Dead hand: nobody scores
activity-end-out = { $name } goes out
activity-end-hand-rummy = { $name } goes rummy in one turn
activity-end-stock-exhausted = The stock ran out: nobody scores
activity-end-scores = { $name } scores { $points }
activity-end-team-scores = { $name } score { $points }
activity-gin-bonus = gin bonus { $points }
activity-undercut-bonus = undercut bonus { $points }
activity-doubled = doubled
activity-laid-off = laid off by { $name }
activity-cards-left = Left in hand: { $points } points
activity-refused = Not possible: { $text }
activity-stale = The table moved on; here is the new state.
activity-lobby = Start a match
activity-practice = Practise against the bot
activity-challenge = Challenge { $name }
activity-accept = Accept { $name }’s challenge
activity-decline = Decline
activity-last-hand = The last hand
activity-dismiss = Continue
activity-four-colours = Four colours

## Forged presses, and commands from an older version (only the caller sees them)
err-other-challenge = That button belongs to another challenge: answer each challenge on its own message. Nothing was changed.
err-accept-in-chat = This challenge is answered on its message in the chat, not on the card table. Nothing was changed.
err-match-elsewhere = That match is played in another channel: play it with the buttons there. Nothing was changed.
err-command-renamed = This command is now `/{ $command }`: Discord still showed you the old one. Your list of commands catches up soon.
err-command-gone = This command is from an older version of the bot and no longer exists. Your list of commands catches up soon: type `/` to see today's.
## The ledger outside servers (only the caller sees these)
err-servers-only-board = Seasons and tournaments are kept by servers: ask here without season and tournament.
err-own-figures-only = Figures from everywhere are each player's own: ask for yours without player, or for theirs here without everywhere.
