"""Opens a TCP connection to 127.0.0.1:$CONNECT_PORT (the test listens there) and prints
"connected" or why not, then sleeps until it is stopped."""

import os
import socket
import time

try:
    socket.create_connection(("127.0.0.1", int(os.environ["CONNECT_PORT"])), timeout=2).close()
    print("connected", flush=True)
except OSError as error:
    print(f"not connected: {error}", flush=True)
time.sleep(60)
