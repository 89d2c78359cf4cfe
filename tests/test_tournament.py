"""gamekit.tournament: the same seeded table in one process, in a pool and on Dask."""

from __future__ import annotations

import pytest

import gamekit
from gamekit.tournaments import plot, summary

COLUMNS = ["game", "seed", "seats", "winners", "scores", "actions", "finished", "winner_seats", "moves"]


@pytest.fixture(scope="module")
def in_process():
    return gamekit.tournament("catan", ["random", ("search", {"iterations": 2, "depth": 2})], games=6, seed=7,
                              players=3, workers=1)


def test_one_row_per_game_with_the_named_columns(in_process):
    table = in_process
    assert list(table["game"]) == list(range(6))
    assert set(COLUMNS) <= set(table.columns)
    for winners, scores, actions, finished in zip(table["winners"], table["scores"], table["actions"],
                                                  table["finished"]):
        assert finished and actions > 0 and len(scores) == 3
        assert winners and all(scores[w] == max(scores) for w in winners)
    assert table["seed"].nunique() == 6


def test_seats_rotate_over_the_games(in_process):
    # two seats for three players repeat: game i gives player p seats[(p + i) % 2]
    seats = list(in_process["seats"])
    search = "search(depth=2, iterations=2)"
    assert seats[0] == ("random", search, "random")
    assert seats[1] == (search, "random", search)
    assert seats[2] == seats[0]


def test_a_pool_gives_the_same_table(in_process):
    pooled = gamekit.tournament("catan", ["random", ("search", {"iterations": 2, "depth": 2})], games=6, seed=7,
                                players=3, workers=2, batch=2)
    assert pooled[COLUMNS].equals(in_process[COLUMNS])


def test_dask_gives_the_same_table(in_process):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        table = gamekit.tournament("catan", ["random", ("search", {"iterations": 2, "depth": 2})], games=6, seed=7,
                                   players=3, client=client, batch=1)
    assert table[COLUMNS].equals(in_process[COLUMNS])


def test_a_tournament_played_in_pieces_is_the_same_table(in_process):
    pieces = [gamekit.tournament("catan", ["random", ("search", {"iterations": 2, "depth": 2})], games=n, seed=7,
                                 players=3, workers=1, start=first) for first, n in ((0, 2), (2, 3), (5, 1))]
    from gamekit.tournaments import join

    joined = join(pieces[::-1])
    assert list(joined["game"]) == list(range(6))
    assert joined[COLUMNS].equals(in_process[COLUMNS])
    timeless = [c for c in in_process.attrs["summary"].columns if c != "ms_per_move"]  # times differ by run
    assert joined.attrs["summary"][timeless].equals(in_process.attrs["summary"][timeless])
    with pytest.raises(ValueError, match="overlap"):
        join([pieces[0], pieces[0]])
    with pytest.raises(ValueError, match="start"):
        gamekit.tournament("catan", ["random"], games=1, players=3, start=-1, workers=1)


def test_another_seed_gives_other_games(in_process):
    other = gamekit.tournament("catan", ["random", ("search", {"iterations": 2, "depth": 2})], games=6, seed=8,
                               players=3, workers=1)
    assert list(other["seed"]) != list(in_process["seed"])


def test_summary_shares_the_wins_with_intervals(in_process):
    stats = summary(in_process)
    assert set(stats.index) == {"random", "search(depth=2, iterations=2)"}
    assert stats["games"].tolist() == [6, 6]
    # every game has exactly one unit of wins to share between the seats that sat in it
    total = sum(stats.loc[label, "win_share"] * stats.loc[label, "games"] for label in stats.index)
    assert total == pytest.approx(6)
    assert ((stats["low"] <= stats["win_share"]) & (stats["win_share"] <= stats["high"])).all()
    assert in_process.attrs["summary"].equals(stats)
    assert plot(in_process) is not None


def test_bad_requests_are_refused_before_any_game():
    with pytest.raises(ValueError, match="3 to 4 players"):
        gamekit.tournament("catan", ["random"] * 2, games=1)
    with pytest.raises(ValueError, match="no setting"):
        gamekit.tournament("catan", ["random"] * 3, games=1, options={"nonsense": 1})
    with pytest.raises(TypeError, match="a seat is"):
        gamekit.tournament("catan", ["random", 7, "random"], games=1)
    with pytest.raises(ValueError, match="positive"):
        gamekit.tournament("catan", ["random"] * 3, games=0)
