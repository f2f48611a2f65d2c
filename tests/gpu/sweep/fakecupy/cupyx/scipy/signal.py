from scipy.signal import *  # noqa: F401,F403 (fakecupy)
