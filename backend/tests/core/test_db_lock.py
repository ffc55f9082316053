"""The start-up lock: a second holder waits until the first lets go (SQLite: a file lock;
PostgreSQL, with SLIDEWRIGHT_TEST_DATABASE_URL: an advisory lock on a connection of its own).
Real processes starting together are in tests/distributed/test_start_together.py."""

from __future__ import annotations

import threading

from slidewright.core.db_lock import startup_lock


def _take_in_thread(database_url: str, taken: threading.Event) -> threading.Thread:
    def take() -> None:
        with startup_lock(database_url):
            taken.set()

    thread = threading.Thread(target=take, daemon=True)
    thread.start()
    return thread


def test_a_second_holder_waits_for_the_first(database_url: str) -> None:
    taken = threading.Event()
    with startup_lock(database_url):
        thread = _take_in_thread(database_url, taken)
        assert not taken.wait(0.5), "the lock was taken twice at once"
    assert taken.wait(10), "the waiting holder never got the lock"
    thread.join(5)


def test_the_lock_is_free_again_after_an_error(database_url: str) -> None:
    try:
        with startup_lock(database_url):
            raise RuntimeError("a migration failed")
    except RuntimeError:
        pass
    taken = threading.Event()
    _take_in_thread(database_url, taken).join(10)
    assert taken.is_set()


def test_an_in_memory_database_needs_no_lock() -> None:
    with startup_lock("sqlite://"), startup_lock("sqlite://"):
        pass
