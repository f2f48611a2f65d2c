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
# what NumPy's parsers skip counts as read: whitespace alone is an element
t("1, ,2", sep=",")
t("1, ,2", dtype=int, sep=",")
t("1, ", sep=",")
t("1, ", dtype=bool, sep=",")
t("\r,2", dtype=np.uint8, sep=",")
t("1, +", dtype=int, sep=",")
t("+,2", dtype=int, sep=",")
t("- 5, 3", dtype=int, sep=",")
t("1, x", sep=",")
t("1, -,2", sep=",")
t("99999999999999999999,-99999999999999999999", dtype=int, sep=",")
t("99999999999999999999", dtype=np.uint64, sep=",")
t("-1 +2", dtype=np.uint8, sep=" ")
t("300 -1", dtype=np.int8, sep=" ")
t("nan(abc),-nan,INFINITY,-inf", sep=",")
t("0.5 0 nan -0.0", dtype=bool, sep=" ")
t("1+2j,3j,-1-1j,4", dtype=complex, sep=",")
t("1+2J", dtype=complex, sep=",")
t("1\x002", sep=" ")
