# a read before the assignment that makes a name local fails, even when a
# global of that name exists
total = 10
def add(v):
    total = total + v
    return total
def ok(v):
    return total + v
print(ok(1))
add(1)
