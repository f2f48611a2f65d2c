a = 3
print(f'{a!r:>{a}} {a=} {{}} {a:#x}' f"{'q'}")
