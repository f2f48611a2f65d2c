# IPython.display outside a shell (as `python FILE.py` runs it): display() prints
# its objects, update_display() and DisplayHandle print too, clear_output()
# erases the terminal line.  Kernel behaviour: tests/protocol/test_kernel.py.
# cells: skip-gpu the GPU machine's python3 has no IPython to run the reference
from IPython.display import DisplayHandle, display, update_display, clear_output
import IPython
import numpy as np

h = DisplayHandle('abc')
print(repr(h), h.display_id)
h.display(np.arange(3))
h.update('two')
h.display_id = 'xyz'
print(h)
print(display(3, display_id=True))
display(1, 'a', np.float32(2.5), [1, 'b'], np.eye(2))
display()
update_display(5, display_id='q')
try:
    update_display(4)
except TypeError as e:
    print(e)
print(len(DisplayHandle().display_id), DisplayHandle(7).display_id)
print(IPython.display.DisplayHandle is DisplayHandle)
clear_output(wait=True)
print('after clear')
