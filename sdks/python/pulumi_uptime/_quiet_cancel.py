# Added by tools/gen-sdk: a program the engine cancels ends quietly.
#
# When a deployment stops (a resource's check fails, say), the Pulumi engine cancels the program's pending
# registrations and its Python language host then interrupts the program with SIGINT, today's host as
# well as older ones. Python turns that into a KeyboardInterrupt wherever the program is, and prints its
# traceback (with the cancelled call's beneath it) under the provider's message, which already says what
# is wrong. Importing this package makes that interrupt end the program at once, saying nothing more,
# unless the program set a SIGINT handler of its own first (a later one replaces this one).
import os as _os
import signal as _signal
import sys as _sys
import threading as _threading

__all__: list = []


def _stop(_signum, _frame):
    try:
        _sys.stdout.flush()
        _sys.stderr.flush()
    finally:
        _os._exit(1)


if (
    _threading.current_thread() is _threading.main_thread()
    and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
):
    _signal.signal(_signal.SIGINT, _stop)
