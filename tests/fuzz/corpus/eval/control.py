for i in range(3):
    try:
        if i: continue
        while (j := i) < 2: j += 1; break
    except (ValueError, TypeError) as e:
        raise RuntimeError('x') from e
    else:
        pass
    finally:
        del i
with open('/dev/null') as f, open('/dev/null') as g: pass
