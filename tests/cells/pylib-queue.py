# queue for one thread: FIFO / LIFO / priority order, maxsize, qsize/empty/
# full, the nowait forms, Empty and Full, task_done's ValueError
import queue

for cls in (queue.Queue, queue.LifoQueue, queue.PriorityQueue):
    q = cls()
    for x in (3, 1, 2):
        q.put(x)
    print(cls.__name__, q.qsize(), q.empty(), q.full(), [q.get() for _ in range(3)], q.empty())

q = queue.Queue(maxsize=2)
q.put('a')
q.put_nowait('b')
print(q.full(), q.qsize())
for f in (lambda: q.put('c', block=False), lambda: q.put('c', timeout=0.01), lambda: q.put('c', timeout=-1)):
    try:
        f()
    except (queue.Full, ValueError) as e:
        print(type(e).__name__, repr(e))
print(q.get(), q.get_nowait())
for f in (lambda: q.get_nowait(), lambda: q.get(timeout=0), lambda: q.get(block=False, timeout=-1)):
    try:
        f()
    except queue.Empty as e:
        print(type(e).__name__, repr(e))
q.task_done()
q.task_done()
q.join()
try:
    q.task_done()
except ValueError as e:
    print(e)
s = queue.SimpleQueue()
s.put(1)
s.put_nowait(2)
print(s.qsize(), s.get(), s.get_nowait(), s.empty())
try:
    s.get_nowait()
except queue.Empty:
    print('empty')
print(issubclass(queue.Full, Exception), issubclass(queue.Empty, Exception))
