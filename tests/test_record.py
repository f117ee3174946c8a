"""Game records (ludoteca.record, ``ludoteca replay``): round trips for every registered game, and every
kind of corruption rejected with its line number and reason."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest
from typer.testing import CliRunner

import ludoteca
from ludoteca import record
from ludoteca.cli import app
from ludoteca.record import Record, RecordError

EXAMPLES = [ex for info in ludoteca.registered_games() for ex in info.examples]
SPEC = EXAMPLES[0]
runner = CliRunner()


def play(spec: str, seed: int | None, plies: int | None = None, rng_seed: int = 1) -> ludoteca.State:
    """A random game: seeded chance when ``seed`` is given, otherwise explicit chance chosen at random."""
    game = ludoteca.load_game(spec)
    state = game.new_initial_state(seed=seed, explicit_chance=seed is None)
    rng = random.Random(rng_seed)
    while not state.is_terminal() and (plies is None or len(state.history()) < plies):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def lines_of(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def text_of(objects: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(o, ensure_ascii=False) for o in objects) + "\n"


def assert_rejected(text: str, line: int, *fragments: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        record.loads(text)
    err = info.value
    assert err.line == line, str(err)
    for fragment in fragments:
        assert fragment in err.reason, str(err)
    assert str(err).startswith(f"record:{line}: ")
    assert isinstance(err, ludoteca.ParseError) and isinstance(err, ValueError)
    return err


# --------------------------------------------------------------------------------------------------
# Round trips


@pytest.mark.parametrize("spec", EXAMPLES)
@pytest.mark.parametrize("seed", [5, None])
def test_round_trip_of_finished_and_unfinished_games(spec: str, seed: int | None) -> None:
    for plies in (None, 7):
        state = play(spec, seed, plies)
        text = record.dumps(state, seed=seed)
        loaded = record.loads(text)
        assert loaded == record.from_state(state, seed=seed)
        assert record.dumps(loaded) == text
        replayed = loaded.replay()
        assert replayed.history() == state.history()
        assert str(replayed) == str(state)
        if seed is not None:
            # Seeded records come back with the seed's chance stream: the game goes on identically.
            assert replayed.serialize() == state.serialize()
        if state.is_terminal():
            assert loaded.returns == state.returns() and loaded.scores == state.scores()
        else:
            # No result object (a game's own parameter may be named "result": look at the keys).
            assert loaded.returns is None
            assert all("result" not in json.loads(line) for line in text.splitlines()[1:] if line.strip())


@pytest.mark.parametrize("spec", EXAMPLES)
def test_the_format_line_by_line(spec: str) -> None:
    game = ludoteca.load_game(spec)
    state = play(spec, 9)
    objects = lines_of(record.dumps(state, seed=9, players=[f"p{i}" for i in range(game.num_players())]))
    head, moves, result = objects[0], objects[1:-1], objects[-1]
    info = next(i for i in ludoteca.registered_games() if i.short_name == game.name)
    assert head == {
        "format": "ludoteca-record",
        "version": 1,
        "game": game.game_string(),
        "preset": game.params.get("ruleset"),
        "params": game.params,
        "game_version": info.version,
        "seed": 9,
        "ludoteca": ludoteca.__version__,
        "players": [f"p{i}" for i in range(game.num_players())],
    }
    assert [m["action"] for m in moves] == state.history()
    assert [m["ply"] for m in moves] == list(range(len(moves)))
    walker = game.new_initial_state(explicit_chance=True)
    for m in moves:
        assert set(m) == {"ply", "player", "action", "name"}
        assert m["player"] == ("chance" if walker.is_chance_node() else walker.current_player())
        assert m["name"] == walker.action_to_string(m["action"])
        walker.apply_action(m["action"])
    assert result == {"result": {"returns": state.returns(), "scores": state.scores()}}


def test_dump_and_load_files_and_streams(tmp_path: Path) -> None:
    state = play(SPEC, 3)
    path = tmp_path / "game.jsonl"
    record.dump(state, path, seed=3)
    assert record.load(path) == record.load(str(path)) == record.from_state(state, seed=3)
    buffer = io.StringIO()
    record.dump(record.from_state(state, seed=3), buffer)
    buffer.seek(0)
    assert record.load(buffer) == record.from_state(state, seed=3)
    path.write_bytes(b"\xff\xfe not text")
    with pytest.raises(RecordError, match="UTF-8"):
        record.load(path)


def test_from_state_checks_its_arguments() -> None:
    state = play(SPEC, 3, plies=20)
    with pytest.raises(ludoteca.InvalidParameterError, match="seed"):
        record.from_state(state, seed=4)  # seed 4 does not deal this game
    with pytest.raises(ludoteca.InvalidParameterError, match="players"):
        record.from_state(state, players=["just one"])


# --------------------------------------------------------------------------------------------------
# Corruption: every kind rejected with the line number and the reason


def corrupt(mutate: Callable[[list[dict[str, Any]]], None], seed: int | None = 5) -> str:
    objects = lines_of(record.dumps(play(SPEC, seed), seed=seed))
    mutate(objects)
    return text_of(objects)


def first(objects: list[dict[str, Any]], chance: bool, after: int = 0) -> int:
    """Index (= line - 1) of the first action line at or after ``after`` that is (or is not) chance."""
    return next(
        i for i, o in enumerate(objects) if i >= after and "ply" in o and (o["player"] == "chance") == chance
    )


def test_malformed_lines() -> None:
    text = record.dumps(play(SPEC, 5), seed=5)
    lines = text.splitlines()
    assert_rejected("", 1, "empty record")
    assert_rejected("\n".join([*lines[:3], '{"ply": 2, "player": 0,', *lines[4:]]), 4, "invalid JSON")
    assert_rejected("\n".join([*lines[:2], "[1, 2]", *lines[3:]]), 3, "JSON object")
    assert_rejected('{"format": "other"}\n', 1, "not a ludoteca record")


@pytest.mark.parametrize(
    ("mutate", "line", "fragment"),
    [
        (lambda o: o[0].update(version=2), 1, "format version 2"),
        (lambda o: o[0].update(game="nosuchgame"), 1, "nosuchgame"),
        (lambda o: o[0].update(game_version=o[0]["game_version"] + 1), 1, "rules version"),
        (lambda o: o[0]["params"].update(players=o[0]["params"]["players"] + 1), 1, "params differ"),
        (lambda o: o[0].update(preset="pagat"), 1, "preset"),
        (lambda o: o[0].pop("ludoteca"), 1, "missing field 'ludoteca'"),
        (lambda o: o[0].update(seed="seven"), 1, "'seed' must be int"),
        (lambda o: o[0].update(players=["a"]), 1, "'players' names 1 seats"),
        (lambda o: o[3].update(ply=99), 4, "ply 99 out of order"),
        (lambda o: o[3].pop("name"), 4, "missing field 'name'"),
        (lambda o: o[3].update(action=True), 4, "'action' must be int"),
        (lambda o: o[3].update(player="dealer"), 4, "'player' must be a seat number"),
    ],
)
def test_bad_fields(mutate: Callable[[list[dict[str, Any]]], None], line: int, fragment: str) -> None:
    assert_rejected(corrupt(mutate), line, fragment)


def test_wrong_player() -> None:
    def mutate(o: list[dict[str, Any]]) -> None:
        i = first(o, chance=False)
        o[i]["player"] = (o[i]["player"] + 1) % ludoteca.load_game(SPEC).num_players()

    objects = lines_of(corrupt(lambda o: None))
    i = first(objects, chance=False)
    assert_rejected(corrupt(mutate), i + 1, f"seat {objects[i]['player']} is to move")


def test_chance_and_seats_confused() -> None:
    objects = lines_of(corrupt(lambda o: None))
    i, j = first(objects, chance=True), first(objects, chance=False)
    assert_rejected(corrupt(lambda o: o[i].update(player=0)), i + 1, "a chance event is due")
    assert_rejected(corrupt(lambda o: o[j].update(player="chance")), j + 1, "the record says chance")


def test_illegal_action_with_its_own_name() -> None:
    objects = lines_of(corrupt(lambda o: None))
    j = first(objects, chance=False)
    state = ludoteca.load_game(SPEC).new_initial_state(explicit_chance=True)
    for o in objects[1:j]:
        state.apply_action(o["action"])
    illegal = next(
        a for a in range(ludoteca.load_game(SPEC).num_distinct_actions()) if a not in state.legal_actions()
    )
    name = state.action_to_string(illegal)
    err = assert_rejected(
        corrupt(lambda o: o[j].update(action=illegal, name=name)), j + 1, "illegal action", name
    )
    assert "id" in err.reason
    assert_rejected(corrupt(lambda o: o[j].update(action=10**6)), j + 1, "does not exist")


def test_name_that_does_not_match_the_id() -> None:
    objects = lines_of(corrupt(lambda o: None))
    j = first(objects, chance=False)
    assert_rejected(
        corrupt(lambda o: o[j].update(name="not-a-card")),
        j + 1,
        f"action {objects[j]['action']} is named",
        "not-a-card",
    )


def test_chance_outcome_the_seed_does_not_deal() -> None:
    objects = lines_of(corrupt(lambda o: None))
    i = first(objects, chance=True)
    state = ludoteca.load_game(SPEC).new_initial_state(explicit_chance=True)
    for o in objects[1:i]:
        state.apply_action(o["action"])
    other = next(a for a, _p in state.chance_outcomes() if a != objects[i]["action"])
    name = state.action_to_string(other)
    assert_rejected(
        corrupt(lambda o: o[i].update(action=other, name=name)), i + 1, "is not what seed 5 deals"
    )


def test_results_and_endings() -> None:
    objects = lines_of(corrupt(lambda o: None))
    last = len(objects)
    wrong = [r + 1 for r in objects[-1]["result"]["returns"]]
    assert_rejected(corrupt(lambda o: o[-1]["result"].update(returns=wrong)), last, "recorded returns")
    assert_rejected(corrupt(lambda o: o[-1]["result"].update(returns="win")), last, "list of numbers")
    assert_rejected(
        corrupt(lambda o: o.append({"result": o[-1]["result"]})), last + 1, "nothing may follow the result"
    )
    # A move after the end of the game.
    extra = dict(objects[-2], ply=objects[-2]["ply"] + 1)
    assert_rejected(corrupt(lambda o: o.insert(len(o) - 1, extra)), last, "the game is over")
    # A result on a game cut short.
    assert_rejected(corrupt(lambda o: o.__delitem__(slice(last - 6, last - 1))), last - 5, "game is not over")


def test_a_resignation_is_recorded_and_replayed() -> None:
    from ludoteca.games import go

    state = go.new_game(board_size=9).new_initial_state()
    for action in ("E5", "C3", "G7"):
        state.apply_action(action)
    go.resign(state, 1)
    text = record.dumps(state)
    objects = lines_of(text)
    assert objects[-2] == {"ending": "resign 1"}
    assert objects[-1]["result"]["returns"] == [1.0, -1.0]
    replayed = record.loads(text).replay()
    assert replayed.is_terminal() and replayed.ending() == "resign 1" and go.result(replayed) == "B+R"
    assert record.dumps(replayed) == text
    # Without its ending the record claims a result the moves do not reach; a bad ending names its line.
    ending_at = len(objects) - 1
    assert_rejected(text_of(objects[:-2] + objects[-1:]), ending_at, "game is not over")
    assert_rejected(
        text_of([*objects[:-2], {"ending": "resign 9"}, *objects[-1:]]),
        ending_at,
        "ending 'resign 9'",
        "not 9",
    )
    assert_rejected(
        text_of([*objects[:-1], objects[-3]]), ending_at + 1, "only the result may follow the ending"
    )


def test_blank_lines_are_skipped_but_counted() -> None:
    text = record.dumps(play(SPEC, 5), seed=5)
    lines = text.splitlines()
    padded = "\n".join([*lines[:2], "", "   ", *lines[2:]]) + "\n\n"
    assert record.loads(padded) == record.loads(text)
    bad = lines_of(text)
    bad[2]["ply"] = 42
    broken = text_of(bad).splitlines()
    assert_rejected("\n".join([*broken[:2], "", *broken[2:]]), 4, "ply 42")


def test_load_without_validation_parses_only() -> None:
    text = corrupt(lambda o: o[3].update(ply=99))
    rec = record.loads(text, validate=False)
    assert isinstance(rec, Record) and rec.moves[2].ply == 99
    with pytest.raises(RecordError, match="record:4: ply 99"):
        rec.replay()


# --------------------------------------------------------------------------------------------------
# The command line


def test_cli_replay_accepts_a_valid_record(tmp_path: Path) -> None:
    state = play(SPEC, 11)
    path = tmp_path / "ok.jsonl"
    record.dump(state, path, seed=11)
    result = runner.invoke(app, ["replay", str(path), "--moves"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "valid record" in result.output and state.action_to_string(state.history()[-1]) in result.output
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).output)
    assert data["valid"] and data["finished"] and data["returns"] == state.returns()
    assert data["actions"] == len(state.history())
    from_stdin = runner.invoke(app, ["replay", "-", "--json"], input=path.read_text(encoding="utf-8"))
    assert json.loads(from_stdin.output)["actions"] == data["actions"]


def test_cli_replay_rejects_with_line_and_reason(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(corrupt(lambda o: o[3].update(ply=99)), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert f"{path}:4: ply 99 out of order" in result.output.replace("\n", "")
    assert "Traceback" not in result.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "cannot read" in missing.output


def test_cli_play_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "played.jsonl"
    # Menu numbers are action ids: cycling through every id meets a legal one at every turn.
    ids = "".join(f"{a}\n" for a in range(ludoteca.load_game(SPEC).num_distinct_actions()))
    moves = ids * ludoteca.load_game(SPEC).max_game_length()
    result = runner.invoke(
        app, ["play", SPEC, "--seed", "4", "--bots", "random", "--record", str(path)], input=moves
    )
    assert result.exit_code == 0, result.output
    rec = record.load(path)
    assert rec.seed == 4 and rec.players is not None and rec.players[0] == "you"
    assert rec.replay().is_terminal()
    # An abandoned game is recorded too, unfinished.
    result = runner.invoke(app, ["play", SPEC, "--seed", "4", "--record", str(path)], input="1\n")
    assert result.exit_code == 1
    assert record.load(path).returns is None
