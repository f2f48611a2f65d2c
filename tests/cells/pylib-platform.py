# platform: what notebooks print about the machine (uname's fields, platform(),
# libc, architecture); the Python version as sys.version_info says it
import platform
import sys
u = platform.uname()
print(platform.system(), platform.machine(), repr(platform.processor()))
print(u.system == platform.system(), u[1] == platform.node(), u.release == platform.release(),
      u.version == platform.version(), u.machine == u[4])
print(platform.platform())
print(platform.architecture(), platform.libc_ver())
print(platform.python_version_tuple()[:2], platform.python_version().startswith('%d.%d.' % sys.version_info[:2]))
print(platform.python_compiler().split()[0] in ('GCC', 'Clang'))
