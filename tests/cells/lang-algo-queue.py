import numpy as np
queue = []
for job in ['a', 'b', 'c']:
    queue.append(job)
done = []
while queue:
    j = queue.pop(0)
    done.append(j.upper())
    if j == 'a':
        queue.append('d')
print(done)
stack = []
for ch in '((a)(b))':
    if ch == '(':
        stack.append(ch)
    elif ch == ')':
        stack.pop()
print(len(stack) == 0)
