backends = "mailbox padded bitboard"
position = "opening"
stamp = "2026-11-30-181636Z-vm-27c9d0b2e9-quick"
