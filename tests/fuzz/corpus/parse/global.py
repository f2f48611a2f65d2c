def f():
    global g
    g = 1
    def h():
        nonlocal_var = 2
        def k():
            nonlocal nonlocal_var
            nonlocal_var += 1
        k()
    h()
assert f() is None, 'msg'
