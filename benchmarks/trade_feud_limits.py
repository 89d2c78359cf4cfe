"""How far Trade Feud's time per action can come down towards Catan's: the figures behind issue 21's answer.

``trade_feud_peers.py`` gives the ratio of Trade Feud's CPU time per action to Catan's (goal 1.5, measured
about 1.7), and ``trade_feud_phases.py`` where the excess lies (the lists at a turn's start and the ship
moves, most of it). This script measures three things that bound what further work on the engine can
gain, in uniform random games as in those scripts (four players, a uniform choice among all the legal
actions, at most 3,000 actions, seeds 1,000,000 + seed for the choices):

1. **The mix of actions.** Trade offers and their answers are most of the actions of both games, and run
   the same code in both; turns and ship moves, where Trade Feud's own work lies, are a few in a hundred.
2. **Bytecodes and time.** Python bytecodes per action (counted with ``sys.settrace``, opcode events)
   beside the CPU time per action of the same games played again without the trace, for both games.
   The two ratios differ: on the same games, a bytecode of Trade Feud takes longer than one of Catan.
   Not by more C work per bytecode: machine instructions counted by valgrind's cachegrind on the same
   games stand in about the bytecodes' ratio. The rest is the processor's (caches and branch
   predictors under the larger game), which this machine, a KVM guest, cannot count (``perf stat``
   reports its counters as not supported). The time ratio is about the bytecode ratio times that factor,
   so the goal of 1.5 needs the bytecode ratio at 1.5 over the factor. The share of Trade Feud's
   bytecodes in its lists at a turn's start beyond what Catan's turn-start lists take is printed too
   (the largest part of the excess, ``trade_feud_phases.py``).
3. **Whether a turn's lists could be kept from the player's last turn.** At each turn's start, the ship
   sites a player has are compared with those at the end of their previous turn (``equal``), and the
   board near the player's routes with the board then (``untouched``): between the two, only the other
   players have played; the intersections at the
   ends of the player's routes (their settlements and cities, and the intersections where one of their
   ships ends, rule ``seafarers-moving``), the far ends of the sea edges there, who owns each of those
   intersections, the pieces on every edge at them, which of those edges the pirate blocks, and the trade
   connections. The predicates of the ship sites read no more than that at those edges, but for the
   routes of other players they walk along (rule ``trade-feud-connection``), left out here: so the
   untouched share is an upper bound of the lists a scheme of keeping them could carry from one turn to
   the next without asking the predicate again. The reasons a list was touched are counted in this
   order, the first that holds: a trade connection formed anywhere (the engine forgets its kept lists
   then, and one that sends back the player's pieces changes the region itself), the pirate, a building,
   a piece.

Run: ``PYTHONPATH=$PWD python benchmarks/trade_feud_limits.py [games]`` (default 3 per game for the
counts, 6 for the mix and the kept lists). Prints figures; asserts nothing.
"""

from __future__ import annotations

import gc
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit.rng import Rng  # noqa: E402

CAP = 3000
NAMES = ("catan", "trade-feud")
TRADES = frozenset({"OfferTrade", "AcceptTrade", "DeclineTrade"})


def games(name: str, count: int) -> Any:
    """The seeded games of the other benchmarks: (state, choice generator) for seeds 0 .. count - 1."""
    for seed in range(count):
        yield gamekit.game(name).new(players=4, seed=seed), Rng(1_000_000 + seed)


def mix(name: str, count: int) -> Counter[str]:
    """The actions of ``count`` uniform random games, by type."""
    kinds: Counter[str] = Counter()
    for state, rng in games(name, count):
        actions = 0
        while not state.is_over() and actions < CAP:
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            state.apply(action)
            kinds[type(action).__name__] += 1
            actions += 1
    return kinds


def bytecodes(name: str, count: int) -> tuple[int, int, int, int]:
    """Bytecodes in all, bytecodes in the main-phase lists right after a roll (a turn's start), bytecodes
    applying ship moves, and actions, of ``count`` games, each list and apply traced (opcode events)."""
    counted = [0]

    def tracer(frame, event, arg):  # type: ignore[no-untyped-def]
        if event == "call":
            frame.f_trace_opcodes = True
            frame.f_trace_lines = False
        elif event == "opcode":
            counted[0] += 1
        return tracer

    total = turn_start = moves = actions = 0
    for state, rng in games(name, count):
        before = ""
        n = 0
        while not state.is_over() and n < CAP:
            starting = state.phase == "main" and before == "Roll"
            counted[0] = 0
            sys.settrace(tracer)
            legal = state.legal_actions()
            sys.settrace(None)
            if starting:
                turn_start += counted[0]
            total += counted[0]
            action = legal[rng.randbelow(len(legal))]
            counted[0] = 0
            sys.settrace(tracer)
            state.apply(action)
            sys.settrace(None)
            total += counted[0]
            before = type(action).__name__
            if before == "MoveShip":
                moves += counted[0]
            n += 1
        actions += n
    return total, turn_start, moves, actions


def cpu_time(name: str, count: int) -> tuple[float, int]:
    """CPU seconds and actions of ``count`` games, untraced (the clock read once a game)."""
    spent, actions = 0.0, 0
    for state, rng in games(name, count):
        gc.collect()
        gc.disable()
        try:
            start, n = time.process_time(), 0
            while not state.is_over() and n < CAP:
                legal = state.legal_actions()
                state.apply(legal[rng.randbelow(len(legal))])
                n += 1
            spent += time.process_time() - start
        finally:
            gc.enable()
        actions += n
    return spent, actions


def near_routes(state: Any, player: int) -> tuple[Any, ...]:
    """What the ship sites of ``player`` read near their routes (see the module's point 3): the board
    there, as a value to compare, and the parts of it by reason."""
    topo, sea = state.topo, state.board.sea_edge
    ends_of_ships: Counter[int] = Counter(v for e in state.ships[player] for v in topo.edge_nodes[e])
    ends = set(state.buildings[player]) | {v for v, n in ends_of_ships.items() if n == 1}
    nodes = set(ends)
    for v in ends:
        for e in topo.node_edges[v]:
            if sea[e]:
                nodes.update(topo.edge_nodes[e])
    edges = sorted({e for v in nodes for e in topo.node_edges[v]})
    pirate = set(topo.hex_edges[state.pirate])
    return (  # a connection first: when it sends back the player's pieces, the region itself changes
        ("a trade connection", tuple(state.connection_edges)),
        ("the pirate", tuple(e in pirate for e in edges)),
        ("a building", tuple(state.node_owner[v] for v in sorted(nodes))),
        ("a piece", tuple((state.edge_owner[e], state.ship_owner[e]) for e in edges)),
    )


def kept_lists(count: int) -> tuple[int, int, int, Counter[str]]:
    """Turn starts with a previous turn of the same player; those whose ship sites equal the sites at the
    end of the player's previous turn; those with the board near the routes untouched since; and the
    reasons of the touched ones (the player's own changes in their turn are the last turn's: a list kept
    across them is asked again where they were, as the engine does now)."""
    starts = equal = untouched = 0
    reasons: Counter[str] = Counter()
    for state, rng in games("trade-feud", count):
        last: dict[int, tuple[Any, ...]] = {}  # at the end of each player's last turn
        before, n = "", 0
        while not state.is_over() and n < CAP:
            if state.phase == "main" and before == "Roll" and state.turn in last:
                p = state.turn
                then_sites, then_board = last[p]
                starts += 1
                equal += tuple(state.ship_sites(p)) == then_sites
                touched = [why for (why, was), (_, now) in zip(then_board, near_routes(state, p)) if was != now]
                if touched:
                    reasons[touched[0]] += 1
                else:
                    untouched += 1
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            if type(action).__name__ == "EndTurn":
                last[state.turn] = (tuple(state.ship_sites(state.turn)), near_routes(state, state.turn))
            state.apply(action)
            before = type(action).__name__
            n += 1
    return starts, equal, untouched, reasons


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    more = 2 * count
    print(f"Uniform random play, four players, at most {CAP} actions a game.")
    print(f"1. The mix of actions ({more} games each), per 100 actions:")
    for name in NAMES:
        kinds = mix(name, more)
        total = sum(kinds.values())
        trades = sum(kinds[k] for k in TRADES)
        print(
            f"  {name:>11}: trade offers and answers {100 * trades / total:5.1f}, turns (rolls) "
            f"{100 * kinds['Roll'] / total:4.1f}, ship moves {100 * kinds['MoveShip'] / total:4.1f}, "
            f"ships built {100 * kinds['BuildShip'] / total:4.1f}  ({total} actions)"
        )
    print(f"2. Bytecodes and CPU time per action ({count} games each, the same games counted and timed):")
    figures = {}
    for name in NAMES:
        ops, turn_start, moves, actions = bytecodes(name, count)
        spent, timed = cpu_time(name, count)
        figures[name] = (ops / actions, turn_start / actions, moves / actions, spent / timed)
        print(
            f"  {name:>11}: {ops / actions:7.0f} bytecodes, {turn_start / actions:5.0f} of them in the lists at "
            f"a turn's start; {spent / timed * 1e6:5.2f} µs  ({actions} actions)"
        )
    (c_ops, c_start, _, c_time), (t_ops, t_start, t_moves, t_time) = figures["catan"], figures["trade-feud"]
    ops_ratio, time_ratio = t_ops / c_ops, t_time / c_time
    factor = time_ratio / ops_ratio
    print(
        f"  Trade Feud / Catan: bytecodes {ops_ratio:.2f}, time {time_ratio:.2f}: a bytecode of Trade Feud takes "
        f"{factor:.2f}× one of Catan"
    )
    print(
        f"  For a time ratio of 1.5 the bytecode ratio would be {1.5 / factor:.2f}: Trade Feud "
        f"{100 * (1 - 1.5 / factor / ops_ratio):.0f} % fewer bytecodes per action "
        f"({100 * (1 - 1.5 / factor / ops_ratio) * t_ops / (t_ops - c_ops):.0f} % of its excess over Catan's)"
    )
    print(
        f"  Its turn-start lists beyond Catan's: {t_start - c_start:.0f} bytecodes per action, "
        f"{100 * (t_start - c_start) / t_ops:.1f} % of its bytecodes; applying its ship moves: {t_moves:.0f}, "
        f"{100 * t_moves / t_ops:.1f} %"
    )
    starts, equal, untouched, reasons = kept_lists(more)
    print(
        f"3. A player's ship sites at a turn's start beside those at the end of their last turn "
        f"({more} games, {starts} turn starts):"
    )
    print(
        f"  equal {100 * equal / starts:.0f} %; the board near the player's routes untouched "
        f"{100 * untouched / starts:.0f} % (an upper bound of the lists that could be carried)"
    )
    print("  touched first by: " + ", ".join(f"{why} {100 * n / starts:.0f} %" for why, n in reasons.most_common()))
    print(
        f"  Carrying every untouched list at no cost would save at most "
        f"{100 * untouched / starts * (t_start - c_start) / t_ops:.1f} % of Trade Feud's bytecodes; every equal "
        f"one, {100 * equal / starts * (t_start - c_start) / t_ops:.1f} %"
    )


if __name__ == "__main__":
    main()
