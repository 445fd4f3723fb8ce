"""Which columns of a SELECT sqlite3 hands back as dates (`selected_conversion`)."""

import pytest

from hermes_dev.pyast.analyze.sqlite_schema import selected_conversion

TABLES = {"matters": {"opened_on": "date", "closed_on": "date"}, "parties": {"added": "datetime"}}


@pytest.mark.parametrize(
    ("sql", "made"),
    [
        ("SELECT * FROM matters WHERE number = ?", "date"),
        ("SELECT m.* FROM matters m", "date"),
        ("SELECT p.name, m.opened_on FROM parties p JOIN matters m ON m.id = p.matter_id", "date"),
        ("SELECT added AS at FROM parties", "datetime"),
        ("SELECT name, role FROM parties", None),
        ("SELECT count(*) FROM matters", None),
        ("SELECT date(opened_on) FROM matters", None),
        ("SELECT * FROM clients", None),
        ("INSERT INTO matters (opened_on) VALUES (?)", None),
    ],
)
def test_selected_conversion(sql: str, made: str | None) -> None:
    assert selected_conversion(sql, TABLES) == made


def test_nothing_is_converted_without_declared_columns() -> None:
    assert selected_conversion("SELECT * FROM matters", {}) is None
