# an uncaught json.JSONDecodeError: its qualified name and message end the traceback
import json
from collections import deque
q = deque([1])
print(q.popleft())
json.loads("{")
