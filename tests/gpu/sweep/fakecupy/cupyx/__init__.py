# fakecupy/cupyx — SciPy dressed as cupyx (see fakecupy/cupy)
