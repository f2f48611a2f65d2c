import numpy as np
x = np.linspace(-3, 3, 7)
print(np.sin(x), np.cos(x), np.tan(x), sep='\n')
print(np.arcsin(x / 3), np.arccos(x / 3), np.arctan(x), sep='\n')
print(np.sinh(x), np.cosh(x), np.arcsinh(x), sep='\n')
print(np.arctanh(np.array([-0.5, 0.0, 0.5])), np.arccosh(np.array([1.0, 2.0, 10.0])))
print(np.arctan2(np.array([1.0, -1.0, 0.0]), np.array([-1.0, -1.0, -0.0])), np.hypot(3.0, np.array([4.0, 0.0])))
print(np.deg2rad(np.array([90, 180])), np.rad2deg(np.pi / 3), np.degrees(1.0), np.radians(45))
