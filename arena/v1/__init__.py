"""Generated protobuf and gRPC stubs for the arena.v1 protocol; do not edit."""
