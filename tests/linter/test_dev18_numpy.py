"""A NumPy entry that documents several parameters at once (`lon, lat : str`, read on holdout 18, a tuning set once
measured, 2026-12-06): both names are documented, so description-names-unknown-parameter does not report `lon,`,
and what the shared entry says of defaults ("default "lon"/"lat"") is not held against each. A single entry that
contradicts its default is still reported. Listed by the `mcp` SDK's own server, in English and Chinese."""

from __future__ import annotations

from helpers import framework_listing as listed

import toollint


def _rules(listing: list) -> set[str]:
    return {f.rule for f in toollint.lint(listing)}


def test_a_numpy_entry_of_two_names_documents_both():
    def buffer_points(data: str, lon: str = "lon", lat: str = "lat", dis: float = 1000) -> str:
        """Create buffers around points.

        Parameters
        ----------
        data : str
            Input table (CSV or JSON) with lon/lat columns.
        lon, lat : str
            Longitude/latitude column names (default "lon"/"lat").
        dis : float
            Buffer distance in metres (default 1000).
        """
        return ""

    def buffer_points_zh(data: str, lon: str = "lon", lat: str = "lat") -> str:
        """在点周围创建缓冲区。

        Parameters
        ----------
        data : str
            输入表（CSV 或 JSON），含经纬度列。
        lon, lat : str
            经度、纬度的列名（默认 "lon"/"lat"）。
        """
        return ""

    for function in (buffer_points, buffer_points_zh):
        found = _rules(listed(function))
        assert "description-names-unknown-parameter" not in found
        assert "description-contradicts-schema" not in found
        assert "missing-param-description" not in found


def test_a_single_numpy_entry_that_contradicts_its_default_is_still_reported():
    def buffer_points(data: str, dis: float = 500) -> str:
        """Create buffers around points.

        Parameters
        ----------
        data : str
            Input table (CSV or JSON) with lon/lat columns.
        dis : float
            Buffer distance in metres (default 1000).
        """
        return ""

    pointers = [f.pointer for f in toollint.lint(listed(buffer_points)) if f.rule == "description-contradicts-schema"]
    assert [p.rsplit("/", 2)[-2:] for p in pointers] == [["dis", "default"]]
