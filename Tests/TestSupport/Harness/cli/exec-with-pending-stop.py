#!/usr/bin/env python3
"""Starts `BINARY run` with a SIGINT pending and blocked (SIGINT and SIGTERM blocked) across execv.

Usage: exec-with-pending-stop.py BINARY. It becomes BINARY (execv): the exit status is run's.
"""
import os
import signal
import sys

signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
os.kill(os.getpid(), signal.SIGINT)
os.execv(sys.argv[1], [sys.argv[1], "run"])
