#!/usr/bin/env python3
"""Prints a rating pool's leaderboard (docs/api.md, "Ratings and leaderboards") with the
agora-sdk package (pip install ./clients/python):

    python3 clients/python/leaderboard.py --server 127.0.0.1:50051 --pool origin/standard-2p

With --token <player JWT> it also prints the signed-in player's rank and neighbours.
"""

from __future__ import annotations

import argparse
import sys

try:
    from agora.v1 import ratings_pb2
    from agora_sdk import GameServiceStub, connect
except ImportError as exc:  # pragma: no cover - a set-up problem, reported plainly
    sys.exit(f"error: {exc}. Install the SDK first: pip install ./clients/python")


def line(entry: ratings_pb2.LeaderboardEntry) -> str:
    name = entry.player_name or entry.player_id
    return f"{entry.rank:>5}  {name:<24} {entry.rating:>7.1f} ±{entry.deviation:.1f}  {entry.games} games"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", default="127.0.0.1:50051")
    parser.add_argument("--pool", default="origin/standard-2p")
    parser.add_argument("--provisional", action="store_true")
    parser.add_argument("--token", help="a player JWT: also show the players around you")
    args = parser.parse_args()
    stub = GameServiceStub(connect(args.server, args.token))
    board = stub.GetLeaderboard(
        ratings_pb2.GetLeaderboardRequest(pool_id=args.pool, page_size=20, provisional=args.provisional)
    )
    kind = "provisional" if args.provisional else "established"
    print(f"{args.pool} ({kind}): {board.total_size} players")
    for entry in board.entries:
        print(line(entry))
    if args.token:
        me = stub.GetLeaderboardAroundMe(ratings_pb2.GetLeaderboardAroundMeRequest(pool_id=args.pool, count=3))
        print(f"you are #{me.rank}" if me.rank else "you are not rated in this pool yet")
        for entry in me.entries:
            print(line(entry))


if __name__ == "__main__":
    main()
