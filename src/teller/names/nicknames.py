"""English given-name groups: nicknames and spelling variants that refer to the same formal name.

A token can belong to several groups (chris: christopher, christine, kristen; steve: steven, stephen),
so a nickname alone may fit more than one payee; the matcher then asks which one was meant.
"""

from __future__ import annotations

from functools import lru_cache

# group name → every spelling and nickname people use for it. Kept small and common on purpose:
# a wrong entry here makes two different people look alike.
_GROUPS: dict[str, tuple[str, ...]] = {
    "abigail": ("abigail", "abby", "abbie", "gail"),
    "alexander": ("alexander", "alex", "xander", "sandy", "lex"),
    "alexandra": ("alexandra", "alex", "lexi", "sandra", "sandy"),
    "andrew": ("andrew", "andy", "drew"),
    "anthony": ("anthony", "antony", "tony"),
    "benjamin": ("benjamin", "ben", "benny"),
    "catherine": ("catherine", "katherine", "katharine", "kathryn", "cathryn", "cathy", "kathy", "kate",
                  "katie", "katy", "kat", "cat", "cate", "kay", "kit", "kitty"),
    "charles": ("charles", "charlie", "chuck", "chaz"),
    "christine": ("christine", "christina", "kristina", "chris", "chrissy", "tina", "kris"),
    "christopher": ("christopher", "kristopher", "chris", "kris", "topher", "kit"),
    "daniel": ("daniel", "dan", "danny"),
    "david": ("david", "dave", "davey", "davy"),
    "deborah": ("deborah", "debra", "deb", "debbie"),
    "donald": ("donald", "don", "donny"),
    "edward": ("edward", "ed", "eddie", "ted", "teddy", "ned"),
    "elizabeth": ("elizabeth", "elisabeth", "liz", "lizzie", "lizzy", "beth", "betty", "betsy", "eliza",
                  "lisa", "libby"),
    "gregory": ("gregory", "greg"),
    "james": ("james", "jim", "jimmy", "jamie"),
    "jennifer": ("jennifer", "jen", "jenny", "jenn"),
    "jessica": ("jessica", "jess", "jessie"),
    "john": ("john", "jon", "johnny", "jack"),
    "jonathan": ("jonathan", "johnathan", "jon", "jonny"),
    "joseph": ("joseph", "joe", "joey"),
    "joshua": ("joshua", "josh"),
    "kenneth": ("kenneth", "ken", "kenny"),
    "kristen": ("kristen", "kristin", "kirsten", "christen", "kris", "chris", "kristy"),
    "margaret": ("margaret", "maggie", "meg", "peggy", "marge", "greta"),
    "matthew": ("matthew", "matt", "matty"),
    "michael": ("michael", "mike", "mikey", "mick", "mickey", "micky"),
    "mohammed": ("mohammed", "mohamed", "mohammad", "mohamad", "muhammad", "muhammed", "mohd", "mo", "moe"),
    "nathaniel": ("nathaniel", "nathan", "nate", "nat"),
    "nicholas": ("nicholas", "nicolas", "nick", "nicky", "nico"),
    "patricia": ("patricia", "pat", "patty", "trish", "tricia"),
    "rebecca": ("rebecca", "becky", "becca"),
    "richard": ("richard", "rick", "ricky", "rich", "richie", "dick"),
    "robert": ("robert", "rob", "robbie", "bob", "bobby", "bert"),
    "samantha": ("samantha", "sam", "sammy"),
    "samuel": ("samuel", "sam", "sammy"),
    "sarah": ("sarah", "sara", "sally", "sadie"),
    "stephen": ("stephen", "steve", "stevie"),
    "steven": ("steven", "steve", "stevie"),
    "susan": ("susan", "sue", "susie", "suzy"),
    "thomas": ("thomas", "tom", "tommy"),
    "timothy": ("timothy", "tim", "timmy"),
    "victoria": ("victoria", "vicky", "vicki", "tori"),
    "william": ("william", "bill", "billy", "will", "willy", "liam"),
    "zachary": ("zachary", "zach", "zack"),
}  # fmt: skip


def _invert(groups: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for group, members in groups.items():
        for member in members:
            out.setdefault(member, []).append(group)
    return {member: tuple(sorted(gs)) for member, gs in out.items()}


_MEMBER_GROUPS = _invert(_GROUPS)


@lru_cache(maxsize=4096)
def name_groups(token: str) -> tuple[str, ...]:
    """The formal-name groups a given-name token belongs to: cathy → (catherine,), chris → three groups."""
    return _MEMBER_GROUPS.get(token, ())
