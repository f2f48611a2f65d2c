# os.path's string functions (posixpath rules), os.environ, getenv, OSError subclasses
import os, os.path
