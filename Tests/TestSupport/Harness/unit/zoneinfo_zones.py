#!/usr/bin/env python3
"""Prints every time zone Python's zoneinfo knows, one a line, sorted (DeliveryPlannerOracleTests).

  zoneinfo_zones.py

No arguments. Exit status 0.
"""
import zoneinfo

print("\n".join(sorted(zoneinfo.available_timezones())))
