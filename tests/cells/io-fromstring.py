# np.fromstring(text, sep=...): separators, whitespace, dtypes, count, errors
import numpy as np


def t(*a, **k):
    try:
        print(repr(np.fromstring(*a, **k)))
    except Exception as e:
        print(type(e).__name__ + ":", e)


t("1 2", dtype=int, sep=" ")
t("1, 2", dtype=int, sep=",")
t("1, 2,3", dtype=int, sep=",")
t("  1\t2\n 3  ", sep=" ")
t("1.5 2 inf nan -3e2 -inf", sep=" ")
t("1 2 3", sep=" ", count=2)
t("1 2 3", sep=" ", count=3)
t(" 1 ; 2 ;", sep=";")
t("1;;2", sep=";;")
t("1 , 2 ,3", sep=" , ")
t("", sep=" ")
t("7", dtype=np.float32, sep=",")
t("1 2 300", dtype=np.uint8, sep=" ")
t("-1 2", dtype=np.int16, sep=" ")
t("1,,2", sep=",")
t("1, 2,x", sep=",")
t("1.5 2", dtype=int, sep=" ")
t("1 2", sep="")
t("1 2", dtype=np.float64, sep=" ", count=-1)
