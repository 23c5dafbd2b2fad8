"""Teller: a latency-first voice banking assistant.

The pipeline order lives in `teller.pipeline.turn`; everything else is a stage it calls.
"""

__version__ = "0.1.0"
