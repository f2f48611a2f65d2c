import numpy as np
text = 'the quick brown fox jumps over the lazy dog the end'
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
top = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
print(top)
letters = {}
for ch in 'mississippi':
    if ch in letters:
        letters[ch] += 1
    else:
        letters[ch] = 1
print(letters, max(letters, key=lambda k: letters[k]))
groups = {}
for n in range(10):
    groups.setdefault(n % 3, []).append(n)
print(groups)
