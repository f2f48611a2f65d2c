import numpy as np
text = """It was the best of times, it was the worst of times, it was the age of
wisdom, it was the age of foolishness"""
words = [w.strip(',.').lower() for w in text.split()]
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
for w, c in sorted(freq.items(), key=lambda kv: (-kv[1], kv[0]))[:5]:
    print(f'{w:>8} {c}')
print(len(words), len(freq))
