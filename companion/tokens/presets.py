"""Preset dictionaries for the token's deflate: the key names and values a game's state dict repeats.

Deflate may copy from these bytes as if they came just before the state, so a key name or a run of circles
costs a two-byte back-reference instead of its letters. The most common pieces sit at the end (the shortest
distance). They are part of token format 1: changing a byte here makes every version-1 token unreadable, so a
new preset needs a new format version (with the old preset kept to read old tokens).
"""
from __future__ import annotations

# Sssnake (companion/sssnake/state.py): landscapes, reports and choices owed, Thieving's crossed squares,
# ability cards and deck as hex, the phases, then a typical four-snake table with its tracks of circles.
SSSNAKE = (
    b'fjordsaharafoxtrail"r":{"0":[0,0,[],"",0,[]],"1":[1,0,[],"h",0,[]]},"u":[0],"w":[0,1],"ph":"a","ph":"m",'
    b'"ph":"c","x":"0011","y":"0123456789abcdef","g":[0,1,2],"fr":1,"h":1,"k":3,'
    b'"l":"am-fluss","n":1,"p":1,"rj":1,"o":1,"j":1,"m":"","e":1,"q":"00","z":"s","z":"sh","z":"i",'
    b'"sssnake-1",{"P":[{"a":"","c":1,"n":"","t":"ffffffffffffffffffrffffr","z":"h"},'
    b'{"a":"","c":1,"n":"","t":"fffffffffffffffffffff"},{"a":"","c":1,"n":"","t":"fffffffffffffffff"}],'
    b'"d":"0123456789abcdef","fr":1,"h":3,"k":3,"l":"sahara","n":19,"p":1,"ph":"f","s":0,"v":1'
)

# Snits' Revenge (companion/snits/state.py): the hidden Spark/Splops block, the per-phase tallies, the phases,
# then a typical state: counters' places as one letter each (organ a-p, _ outside or in the pool, x dead, . gone).
SNITS = (
    b'"h":{"c":"0123456789abcdef","k":1,"ns":3,"p":[1,12,15],"q":[1],"salt":"","x":2},"w":"bolotomus","w":"snits",'
    b'"dm":1,"o":{"canal":2,"channel":3,"force":15,"organs_to_win":8},"np":2,"pd":[100,[1]],"a":1,"sr":1,'
    b'"u":[1,1,2,2],"e":[1,1],"mv":[1,2,100,200],"k":[1,2],"c":[100],"ph":"kk","ph":"fs","ph":"cp","ph":"th",'
    b'"ph":"ch","ph":"tf","ph":"ov","snits-1",{"g":"abcefghijklmnop","m":"_________","n":3,"ph":"mv",'
    b'"r":"a_________________","s":"......______________x","sd":0,"t":1,"v":1'
)
