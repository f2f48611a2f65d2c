# an uncaught FileNotFoundError from os.listdir
import os
print(os.path.exists("no_such_dir_here"))
os.listdir("no_such_dir_here")
