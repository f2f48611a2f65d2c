x = !echo hi
!ls {x}
files = %sx ls
