"""The sandbox a rulebook template runs in: Jinja2's immutable sandbox with autoescaping, bounded.

Takes: a template loader, and the plain data a template renders (strings, numbers, lists, dicts and
Markup that printkit made; nothing with methods that reach the system).
Returns: the rendered text. A template that would make a value or an output longer than MAX_CHARS,
a number longer than MAX_INT_BITS or past a float's range, a range of more than MAX_RANGE numbers, or that runs longer
than MAX_SECONDS is stopped with `TemplateLimit`, a Jinja2 runtime error, so the caller reports it
at the template's line like any other template error.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Generator
from functools import wraps
from typing import Any, cast

from jinja2 import BaseLoader, StrictUndefined, Template, nodes
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import TemplateRuntimeError
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_CHARS = 32 * 2**20  # the rendered HTML and any text or list in it; a bundled rulebook is ~0.6 MB
MAX_INT_BITS = 4096  # numbers up to about 1,200 digits
MAX_RANGE = 100_000  # numbers in one range(), as Jinja2's own sandbox allows
MAX_SECONDS = 10.0  # a bundled rulebook renders in about 50 ms
FORMAT_WIDTH = re.compile(r"\d{8,}")  # a width or precision of 10 million characters or more in a format


class TemplateLimit(TemplateRuntimeError):
    """A template went past one of the bounds of this module."""


def _length(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple, dict, set, frozenset)) else 0


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _CodeGenerator(CodeGenerator):
    """Jinja2's code generator, writing a number too large for a float (`1e999`) as the infinity it
    is read as: Jinja2 writes `inf`, a name the generated code does not have."""

    def visit_Const(self, node: nodes.Const, frame: Frame) -> None:
        value = node.as_const(frame.eval_ctx)
        if isinstance(value, float) and not math.isfinite(value):
            self.write(f"float('{value}')")
        else:
            super().visit_Const(node, frame)


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja2's immutable sandbox (no attribute of an underscore name, no changing of lists and
    dicts) whose operators, calls, filters, attribute lookups and output are checked against the
    bounds; `lipsum` is gone (it makes text of any size); `range`, `dict`, `cycler`, `joiner` and
    `namespace` stay, bounded like everything else."""

    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _CodeGenerator

    def __init__(self, loader: BaseLoader) -> None:
        # Not optimized: the optimizer computes constant parts when it compiles, into lists and
        # other values the code generator writes as Python, infinities included ('1e999'|float).
        super().__init__(loader=loader, autoescape=True, undefined=StrictUndefined, optimized=False)
        del self.globals["lipsum"]
        self.globals["range"] = self._range
        self.filters = {name: self._bounded(name, function) for name, function in self.filters.items()}
        self.deadline: float | None = None  # set while a template renders

    def render(self, template: Template, data: dict[str, Any]) -> str:
        """The template's text; the output is measured as it comes, so a runaway loop is stopped at
        its line before it fills the memory."""
        self.deadline = time.monotonic() + MAX_SECONDS
        chunks, size = [], 0
        output = cast(Generator[str, None, None], template.generate(**data))  # a generator; typed an Iterator
        try:
            for chunk in output:
                size += len(chunk)
                if size > MAX_CHARS:
                    output.throw(TemplateLimit(f"the template makes more than {MAX_CHARS:,} characters"))
                if time.monotonic() > self.deadline:
                    output.throw(self._too_slow())
                chunks.append(chunk)
        finally:
            self.deadline = None
        return "".join(chunks)

    # --- the checks -------------------------------------------------------------------------------

    def _tick(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise self._too_slow()

    @staticmethod
    def _too_slow() -> TemplateLimit:
        return TemplateLimit(f"the template runs longer than {MAX_SECONDS:g} seconds")

    @staticmethod
    def _checked(value: Any) -> Any:
        """value, unless it is too big to be worth making."""
        if _is_int(value) and value.bit_length() > MAX_INT_BITS:
            raise TemplateLimit(f"the template makes a number of more than {MAX_INT_BITS:,} bits")
        if isinstance(value, float) and not math.isfinite(value):
            raise TemplateLimit(f"the template makes {value}, a number too large or not a number at all")
        if _length(value) > MAX_CHARS:
            raise TemplateLimit(
                f"the template makes a text or list of length {_length(value):,}, more than {MAX_CHARS:,}"
            )
        return value

    @classmethod
    def _check_arguments(cls, arguments: tuple, text: Any = None) -> None:
        """Values too big, numbers that would make text or lists too long (a width, a count) and
        format strings with such a width are refused before anything is made of them."""
        for argument in arguments:
            cls._checked(argument)
            if _is_int(argument) and abs(argument) > MAX_CHARS:
                raise TemplateLimit(f"the template passes on the number {argument:,}; at most {MAX_CHARS:,} is allowed")
        if isinstance(text, str) and (width := FORMAT_WIDTH.search(text)):
            raise TemplateLimit(f"the template formats with a width of {width.group(0)} characters")

    def _bounded(self, name: str, function: Callable) -> Callable:
        """A filter checked like a call (functools.wraps keeps Jinja2's pass_context marks)."""

        @wraps(function)
        def bounded(*args: Any, **kwargs: Any) -> Any:
            self._tick()
            self._check_arguments(args + tuple(kwargs.values()), args[0] if name == "format" and args else None)
            texts = [a for a in args if isinstance(a, str)]
            if name == "replace" and len(texts) == 3:
                self._check_replace(*texts)
            return self._checked(function(*args, **kwargs))

        return bounded

    @staticmethod
    def _check_replace(text: str, old: str, new: str) -> None:
        """str.replace can multiply a text's length: '' is found between every two characters."""
        grows = (len(text) + 1) * len(new) if not old else (len(text) // len(old)) * len(new)
        if grows > MAX_CHARS:
            raise TemplateLimit(
                f"the template's replace would make about {grows:,} characters, more than {MAX_CHARS:,}"
            )

    def _range(self, *args: int) -> _TickingRange:
        numbers = range(*args)
        if abs(numbers.stop - numbers.start) > MAX_RANGE * abs(numbers.step):  # len() fails beyond 2**63
            raise TemplateLimit(
                f"the template's range({', '.join(map(str, args))}) counts more than {MAX_RANGE:,} numbers"
            )
        return _TickingRange(numbers, self._tick)

    # --- the sandbox's hooks --------------------------------------------------------------------

    def getattr(self, obj: Any, attribute: str) -> Any:
        """A dict's key before its method: `block.items` is a block's list, not dict.items."""
        self._tick()
        if isinstance(obj, dict) and attribute in obj:
            return self._checked(obj[attribute])
        if attribute in ("format", "format_map"):
            self._check_arguments((), obj)
        return self._checked(super().getattr(obj, attribute))

    def getitem(self, obj: Any, argument: Any) -> Any:
        self._tick()
        return self._checked(super().getitem(obj, argument))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 (Jinja2's names)
        __self._tick()
        if __obj != __self._range:  # range says itself how far it counts
            __self._check_arguments(args + tuple(kwargs.values()))
        texts = [a for a in args if isinstance(a, str)]
        if (
            getattr(__obj, "__name__", None) == "replace"
            and isinstance(getattr(__obj, "__self__", None), str)
            and len(texts) == 2
        ):
            __self._check_replace(__obj.__self__, *texts)
        return __self._checked(super().call(__context, __obj, *args, **kwargs))

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self._tick()
        if operator == "*":
            self._check_product(left, right)
        elif operator == "**" and _is_int(left) and _is_int(right) and right > 0 and abs(left) > 1:
            if right * math.log2(abs(left)) > MAX_INT_BITS:
                raise TemplateLimit(
                    f"the template computes {left} ** {right}, a number of more than {MAX_INT_BITS:,} bits"
                )
        elif operator == "%" and isinstance(left, str):
            self._check_arguments(right if isinstance(right, tuple) else (right,), left)
        elif operator == "+" and _length(left) + _length(right) > MAX_CHARS:
            raise TemplateLimit(f"the template joins texts or lists into a length of more than {MAX_CHARS:,}")
        return self._checked(super().call_binop(context, operator, left, right))

    @staticmethod
    def _check_product(left: Any, right: Any) -> None:
        if _is_int(left) and _is_int(right):
            if left.bit_length() + right.bit_length() > MAX_INT_BITS:
                raise TemplateLimit(f"the template makes a number of more than {MAX_INT_BITS:,} bits")
            return
        sequence, times = (left, right) if _is_int(right) else (right, left)
        if _is_int(times) and _length(sequence) * times > MAX_CHARS:
            raise TemplateLimit(
                f"the template multiplies a text or list of length {_length(sequence):,} "
                f"by {times:,}, more than {MAX_CHARS:,} in all"
            )


class _TickingRange:
    """A range that looks at the clock at every step, so loops over loops stop in time."""

    def __init__(self, numbers: range, tick: Callable[[], None]) -> None:
        self._numbers, self._tick = numbers, tick  # underscore names: out of the template's reach

    def __iter__(self):
        for number in self._numbers:
            self._tick()
            yield number

    def __len__(self) -> int:
        return len(self._numbers)

    def __getitem__(self, index: int) -> int:
        return self._numbers[index]
