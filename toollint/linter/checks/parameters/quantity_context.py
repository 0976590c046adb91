"""What the rest of a tool says about a number whose name sounds like a measure (missing-unit).

A word like `length` or `rate` only suggests a quantity; the surroundings decide which one, or that it
has no unit at all: a level on a stated scale, a person's age, the side of a shape in a unit-free
formula, a sibling `unit`/`currency` parameter, or a unit abbreviation already in the name that the
vocabulary does not know (`wavelength_nm`, `mass_kda`).
"""

from __future__ import annotations

import re
from typing import Any

from toollint.lazy_regex import lazy_compile
from toollint.linter.textstats import fold_case, name_tokens

# Trailing name tokens that qualify a quantity without being its unit.
_NOT_UNITS = frozenset({
    "value", "val", "range", "type", "mode", "limit", "min", "max", "threshold", "filter", "option", "options",
    "setting", "settings", "level", "format", "change", "delta", "diff", "total", "sum", "avg", "mean", "estimate",
    "target", "goal", "override", "default", "new", "old", "raw", "str", "text", "input", "param", "arg", "data",
    "info", "field", "key", "list", "set", "map", "id", "ids", "name", "label", "from", "to", "start", "end",
    "lower", "upper", "bound", "cap", "floor", "factor", "multiplier", "offset", "step", "category", "class",
    "bucket", "band", "tier", "group", "per", "of", "in", "at", "by", "for", "and", "or", "a", "the", "is", "has",
    "num", "number", "count", "amount", "rate", "size", "price", "cost", "time", "length", "width", "height",
})
_VOWELS = set("aeiouy")
# A stated scale or level: "from 1 to 5", "0-100", "on a scale of", "level", "1档", "等级".
_SCALE = lazy_compile(
    r"\b(?:from|between)\s+-?\d+(?:\.\d+)?\s+(?:to|and)\s+-?\d+(?:\.\d+)?\b|\b\d+\s*(?:-|–|to)\s*\d+\s+scale\b|"
    r"\bscale\b|\blevel\b|\bsetting\b|\bscore\b|\bindex\b|\bratio\b|\brelative\b|\bnormali[sz]ed\b|"
    r"\bdimensionless\b|\bunitless\b|\bmultiplier\b|[档级]|等级|级别|比例|比率|系数|倍数|"
    r"\b[01](?:\.0+)?\s*(?:is|=|means|represents|stands\s+for)\b|\b(?:normal|default|original)\s+(?:speed|rate|size)\b",
    re.IGNORECASE)
_PERSON = lazy_compile(
    r"\b(?:person|people|persons|user|users|patient|patients|customer|customers|child|children|kid|kids|employee|"
    r"employees|member|members|student|students|applicant|candidate|resident|individual|adult|adults|player|"
    r"players|athlete|professional|professionals|worker|workers|participant|participants|traveler|travelers|"
    r"passenger|passengers|guest|guests|pet|dog|cat|animal|baby|infant|person's|user's|"
    r"years old|year-old|born|birth)\b|年龄|岁|患者|用户|儿童|学生|员工|客户|人", re.IGNORECASE)
_PERSON_TOOL = lazy_compile(r"\b(?:person|people|patient|patients|employee|employees|student|students|applicant|"
                          r"candidate|years old|demographic|demographics|identity|kyc|passport)\b|年龄|岁|患者|身份",
                          re.IGNORECASE)
_AGE_OF_DATA = lazy_compile(
    r"\b(?:cache[ds]?|caching|cookie|cookies|token|tokens|session|sessions|file|files|log|logs|data|record|records|"
    r"entry|entries|message|messages|snapshot|snapshots|backup|backups|content|page|pages|object|objects|artifact|"
    r"artifacts|image|images|build|builds|credential|credentials|password|key|keys|certificate|ttl|header|headers|"
    r"response|responses|result|results|document|documents|index|commit|commits|branch|branches|ticket|tickets|"
    r"alert|alerts|event|events|stale|staleness|fresh|freshness|expire|expires|expiry)\b|缓存|文件|日志|会话|令牌|数据",
    re.IGNORECASE)
_DATA_CONTEXT = lazy_compile(
    r"\b(?:file|files|disk|disks|memory|storage|upload|uploads|download|byte|bytes|cache|buffer|database|db|image|"
    r"images|video|videos|photo|photos|log|logs|bucket|buckets|volume|volumes|attachment|attachments|blob|payload|"
    r"body|response|request|archive|dataset|table|partition|heap|ram|quota|bandwidth|kb|mb|gb|tb|kib|mib|gib|"
    r"vm|instance|container|pod|cluster|node|server|shard|index|document|documents|chunk|chunks|object|objects|"
    r"model|weights|checkpoint|download)\b|文件|磁盘|内存|存储|上传|下载|字节|缓存|数据库|图片|视频|日志",
    re.IGNORECASE)
_PERSON_SIBLINGS = frozenset({"gender", "sex", "name", "birth", "dob", "birthday", "firstname", "lastname",
                              "nationality", "weight", "height", "bmi"})
# A formula over a shape: its lengths are in whatever unit the caller uses, and so is the answer.
_GEOMETRY = lazy_compile(
    r"\b(?:area|areas|volume|perimeter|circumference|hypotenuse|triangle|triangles|circle|circles|rectangle|"
    r"rectangles|square|cube|cylinder|sphere|cone|polygon|shape|shapes|geometry|geometric|pythagorean|"
    r"trapezoid|parallelogram|ellipse|prism)\b|面积|体积|周长|三角形|圆形|矩形|形状|几何|正方形|圆柱", re.IGNORECASE)
# The length of a piece of text or a sequence is a count of its characters or elements.
_TEXTUAL = lazy_compile(
    r"\b(?:password|passwords|passphrase|passcode|passcodes|string|strings|text|texts|word|words|name|names|code|codes|pin|token|"
    r"sequence|sequences|list|array|message|messages|summary|sentence|sentences|username|key|otp|digits?|"
    r"characters?|letters?|chars?|poem|story|essay|paragraph|title|slug|acronym)\b|密码|字符|字符串|文本|验证码|"
    r"序列|名称|单词", re.IGNORECASE)
# A tool that only computes a formula (`calculate_tip`): money in, the same money out, whatever the currency.
_FORMULA_VERBS = frozenset({"calculate", "calc", "compute", "estimate", "split", "计算", "估算"})
_UNIT_SIBLING = frozenset({"unit", "units", "uom", "currency", "currencies", "单位", "币种", "货币"})
_CJK_UNIT_SIBLING = tuple(word for word in _UNIT_SIBLING if not word.isascii())  # found anywhere in a CJK name
# A rate that is a share of something: the question is percent or fraction, not "per second".
_SHARE_RATE = lazy_compile(
    r"\b(?:interest|tax|discount|growth|inflation|exchange|tip|commission|vat|conversion|success|error|failure|"
    r"return|mortgage|loan|annual|yearly|monthly|apr|apy|dividend|churn|bounce|click|win|default|mortality|"
    r"birth|death|survival|response|hit|miss|learning|dropout|sampling|decay|fee|savings|deposit|rebate|"
    r"percentage|percent)\b|利率|税率|折扣|增长率|汇率|贷款|利息|年化|比例|成功率|失败率", re.IGNORECASE)


# What a per-time rate counts: requests per second, frames per second, bits per second.
_FLOW = lazy_compile(
    r"\b(?:requests?|calls?|queries|query|samples?|sampling|frames?|fps|bits?|bytes?|data|transfer|traffic|flow|"
    r"refresh|poll|polling|baud|bitrate|heart|pulse|breathing|respiratory|packets?|messages?|events?|tokens?|"
    r"throttle|throttling|limit|limits|limiting|tick|ticks|hz|per\s+(?:second|minute|hour|day)|/s|rpm|qps|rps)\b|"
    r"每秒|每分钟|请求|采样|帧|比特|流量|心率", re.IGNORECASE)


# What a rate counts per second by definition: a `sample_rate` is in hertz, a `frame_rate` in frames per second.
_COUNTED_PER_SECOND = frozenset({"sample", "samples", "frame", "frames", "symbol", "symbols"})


def unit_token_in_name(tokens: tuple[str, ...], word: str, known_units: frozenset[str]) -> bool:
    """A token after the quantity word that reads as a unit: a known one, or a short unit-like abbreviation."""
    if word not in tokens:
        return False
    at = tokens.index(word)
    if word == "rate" and at > 0 and (tokens[at - 1] in _COUNTED_PER_SECOND or
                                      tokens[at - 1] in known_units and tokens[at - 1] not in ("unit", "units", "per")):
        return True  # `baud_rate`, `sample_rate` (Hz), `frame_rate`: a rate counted in its unit (a `unit_rate` is a price)
    for token in tokens[at + 1:]:
        if token in known_units:
            return True
        if token in _NOT_UNITS or token.isdigit():
            continue
        if 1 < len(token) <= 3 and not (set(token) & _VOWELS and len(token) == 3):
            return True  # nm, kda, au, hz-like abbreviations; three letters only without a vowel
    return False


_VITAL = lazy_compile(r"\b(?:heart|pulse|respiratory|respiration|breathing)\b|心率|脉搏|呼吸", re.IGNORECASE)
# A chart whose bars have a stated unit: "minute chart", "5-minute candles", 분봉 (minute bars), 分钟K线.
_BAR_UNIT = lazy_compile(r"\b(?:minute|hour|day|tick)s?\s+(?:chart|candles?|bars?|klines?|ohlcv?)\b|분봉|틱봉|分钟\s*K线|"
                         r"分钟线|分足", re.IGNORECASE)
_MUSIC = lazy_compile(r"\b(?:midi|note|notes|clip|clips|drum|drums|track|tracks|chord|chords|ableton|synth|melody|beat|"
                    r"beats|music|musical|instrument)\b|音符|音轨|乐器|音乐", re.IGNORECASE)
_EXAMPLE_NUMBERS = lazy_compile(r"(?:e\.g\.?|for example|such as|例如)[,:]?\s*([0-9.,\s]+)", re.IGNORECASE)


def _fraction_examples(description: str) -> bool:
    """Example values, all between 0 and 1: the description already says the rate is a fraction."""
    match = _EXAMPLE_NUMBERS.search(description)
    if match is None:
        return False
    numbers = [n for n in re.split(r"[,\s]+", match.group(1)) if n.strip(".")]
    try:
        return bool(numbers) and all(0 <= float(n) <= 1 for n in numbers)
    except ValueError:
        return False


def _top_level(node: Any) -> bool:
    """A parameter of the call itself, not a field of an object it takes (a `ResourceLink`'s `size` is bytes)."""
    parent = getattr(node, "parent", None)
    return parent is not None and parent.is_root


def _sibling_names(node: Any) -> list[str]:
    parent = getattr(node, "parent", None)
    properties = parent.schema.get("properties") if parent is not None else None
    if not isinstance(properties, dict):
        return []
    return [name for name in properties if isinstance(name, str) and name != node.name]


# A resolution, a screen, a video or a screenshot measures width and height in pixels by definition. Lower case,
# searched in `fold_case(text)`: three times faster than IGNORECASE over a tool's description (see paths._OFF_DISK).
_RASTER = lazy_compile(
    r"\b(?:video|videos|screenshot|screenshots|screen|viewport|window|resolution|thumbnail|thumbnails|camera|"
    r"webcam|display|browser|pixel|pixels|rect|rectangle|dom|css|element|bounding|scroll|texture|textures|sprite|"
    r"sprites|icon|icons|bitmap)\b|视频|截图|屏幕|分辨率|像素|纹理|贴图")
# The temperature of a language, voice or image model: a sampling setting, not degrees.
_SAMPLING = lazy_compile(
    r"\b(?:llm|llms|model|models|gpt|ai|voice|voices|tts|speech|sampling|generation|generate|completion|completions|"
    r"chat|prompt|tokens?|agent|agents|assistant|openai|anthropic|claude|gemini|creativity|randomness)\b|模型|采样|生成",
    re.IGNORECASE)
# A speed that is a multiplier of normal playback: 1.3 means 30% faster, there is no km/h in it.
_PLAYBACK = lazy_compile(
    r"\b(?:playback|play|audio|video|speech|tts|voice|voices|narration|animation|animations|media|music|song|"
    r"podcast|reading|scroll|scrolling|typing|simulation|game|replay|replays|multiplier|times\s+(?:faster|slower|normal))\b|"
    r"\b\d+(?:\.\d+)?\s*x\b|倍速|倍|播放|语速|音频|视频", re.IGNORECASE)
# A stated range such as "(0-10)", "0–10", "1 to 5" or "between 0 and 10": a score on a scale, not a measure.
_RANGE = lazy_compile(r"(?<![\w.])-?\d+(?:\.\d+)?\s*(?:-|–|—|~|to|through)\s*-?\d+(?:\.\d+)?(?![\w.])|"
                      r"\bbetween\s+-?\d+(?:\.\d+)?\s+and\s+-?\d+", re.IGNORECASE)


# An image being edited (blurred, its corners rounded): a radius on it is pixels by definition. Lower case, as
# `_RASTER`.
_IMAGE = lazy_compile(r"\b(?:image|images|photo|photos|picture|pictures|png|jpe?g|webp|avatar|blur|gaussian)\b|"
                      r"图片|图像|照片|模糊")
# The ends of a range after a quantity's name (`weight_min`, `weight_from`): still the quantity.
_RANGE_WORDS = frozenset({"min", "max", "from", "to", "limit", "lower", "upper", "range"})
# A design canvas (Figma, Penpot, an artboard): its widths, paddings, radii and font sizes are pixels by definition.
_CANVAS = lazy_compile(r"\b(?:figma|penpot|framer|artboards?|auto-layout|excalidraw|tldraw)\b")
# What a weight that is no mass weighs: a stroke's or a font's ("Stroke weight", "font weight 400").
_NO_MASS = lazy_compile(r"\b(?:stroke|line|border|outline|pen|font)\s+weight\b|描边|线宽|字重", re.IGNORECASE)
# A distance between points of an abstract space (embeddings, clusters): no metres in it.
_ABSTRACT_SPACE = lazy_compile(r"\b(?:embeddings?|clusters?|clustering|similarity|cosine|hdbscan|dbscan|"
                               r"k-means|kmeans|agglomerative|latent)\b|聚类|相似度", re.IGNORECASE)
# A game engine's or a 3D scene's space (Unity, a point cloud, a mesh): its lengths are in the scene's own units,
# which no name suffix could state. Lower case, searched in `fold_case(text)`, as `_RASTER`.
_SCENE = lazy_compile(r"\b(?:unity|unreal|godot|gameobjects?|colliders?|rigidbody|rigidbodies|physics2d|"
                      r"point\s*clouds?|pointclouds?|meshes|mesh|voxels?|world\s+units?|scene\s+units?)\b|点云|场景单位")
# A budget that is no money: a performance, latency or token budget ("CLS budget" of a Lighthouse check).
_NOT_MONEY_BUDGET = lazy_compile(r"\b(?:performance|latency|lighthouse|web\s+vitals|thinking|reasoning|tokens?|"
                                 r"memory|cpu|gpu|error)\b|性能|延迟|令牌", re.IGNORECASE)
# An `amount` of an effect, not of money: "isolation strength (0-100)", "blends toward it: 0.5 = halfway".
_AMOUNT_OF_EFFECT = lazy_compile(r"\b(?:strength|intensity|blend|blends|blending|mix|opacity|saturation|"
                                 r"amplitude)\b|强度|混合|不透明度", re.IGNORECASE)
# Name tokens of a price per period of work: `hourly_rate`, `daily_rate` (an `annual_rate` is often interest).
_PER_PERIOD = frozenset({"hourly", "daily", "weekly"})
# Text styling (bold, italic, a font): its `size` is a font size, no bytes.
_TEXT_STYLE = lazy_compile(r"\b(?:bold|italic|underline|font|fonts|typeface)\b|字号|字体|加粗", re.IGNORECASE)
# A graph's edges, vertices and communities: an edge's `weight` and a node's drawn `size` are numbers of the graph,
# no mass or bytes (Gephi, NetworkX). Not "graph" alone: Microsoft Graph's `fileSize` is bytes.
_GRAPH = lazy_compile(r"\b(?:edges?|vertex|vertices|communit(?:y|ies))\b|图谱|边权", re.IGNORECASE)
# A graph walked by hops: its radius or depth around a node counts edges, not metres.
_HOPS = lazy_compile(r"\b(?:hops?|bfs|breadth-first|traversal|neighbou?rs?)\b|跳数|邻居", re.IGNORECASE)
# Siblings that space a range of numbers (`step`, `num`): its bounds are the range's, whatever "interval" suggests.
_SPACING = frozenset({"step", "num", "steps"})
# The siblings and words that make a `rate` a unit price on a line of goods (ERP `items[].rate`), not a percentage.
_LINE_ITEM = frozenset({"qty", "quantity", "uom", "item"})
# A bare `size` of a search or beside a page's position counts results (Elasticsearch's `from` and `size`).
_PAGING = frozenset({"offset", "from", "page", "cursor", "skip", "start"})
_SEARCH_VERBS = frozenset({"search", "list", "query", "find", "browse", "scan", "lookup"})
_PRICE_RATE = lazy_compile(r"\b(?:selling|buying|purchase|sales|unit|valuation|list)\s+(?:rate|price)\b|单价",
                           re.IGNORECASE)


_EXCHANGE = lazy_compile(r"\bexchange\s+rate|\bfx\s+rate|\bconversion\s+rate\s+between|汇率", re.IGNORECASE)


# The scale of a level a device takes in a byte or a few bits: "0-255", "0 to 127" (MIDI), "0-1023" (10-bit PWM).
_LEVEL_RANGE = lazy_compile(r"(?<![\w.])0\s*(?:-|–|~|to)\s*(?:127|255|1023|4095|65535)(?![\w.])")


def _small_range(text: str) -> bool:
    """A stated range whose ends are both at most 10 ("(1-3)", "0 to 5"): a level, not a measure."""
    for match in _RANGE.finditer(text):
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", match.group(0))]
        if len(numbers) >= 2 and max(abs(n) for n in numbers) <= 10:
            return True
    return False


def _bounded(schema: dict[str, Any]) -> bool:
    """Both a `minimum` and a `maximum` of at most 100: the number is a score on that scale."""
    low, top = schema.get("minimum"), schema.get("maximum")
    numbers = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (low, top))
    return numbers and top <= 100  # type: ignore[operator]


def unitless_by_context(kind: str, word: str, description: str, node: Any, tool_text: str,
                        schema: dict[str, Any]) -> bool:
    """True when the tool's own words or shape show that this number needs no unit, or has it elsewhere."""
    own_tokens = name_tokens(getattr(node, "name", "") or "")
    name_words = " ".join(own_tokens)
    if kind == "length" and word in ("width", "height", "宽度", "高度") and (
            _RASTER.search(fold_case(description)) or _RASTER.search(fold_case(tool_text))
            or _RASTER.search(fold_case(name_words))):
        return True  # the width of an image or a screen: pixels by definition
    if kind in ("length", "distance", "font") and (_CANVAS.search(fold_case(tool_text)) or
                                                   _CANVAS.search(fold_case(description))):
        return True  # a frame's padding in Figma: pixels by definition
    if word in ("radius", "半径") and (_IMAGE.search(fold_case(tool_text)) or _IMAGE.search(fold_case(name_words))):
        return True  # a blur's or a rounded corner's radius on an image: pixels by definition
    if kind == "weight" and _NO_MASS.search(description):
        return True  # "Stroke weight": the thickness of a line, not a mass
    if kind == "weight" and len(own_tokens) > 1 and own_tokens[0] in ("weight", "weights") and \
            own_tokens[1] not in _RANGE_WORDS:
        return True  # `weight_security`: the weight of a part in a score (a mass names the weighed thing first:
        # `package_weight`, or its unit after: `weight_kg`, which the name check reads before this)
    if word in ("weight", "size") and kind in ("weight", "data") and (_GRAPH.search(tool_text) or
                                                                   _GRAPH.search(description)):
        return True  # an edge's weight, a node's size or a community's: numbers of the graph
    if word in ("rate", "汇率") and (_EXCHANGE.search(description) or "exchange" in own_tokens):
        return True  # an exchange rate is the ratio of two currencies: no unit, no percent
    if word in ("temperature", "temp", "温度") and (_SAMPLING.search(name_words) or _SAMPLING.search(description)
                                                   or _SAMPLING.search(tool_text)):
        return True  # an LLM's or a voice model's sampling temperature
    if word in ("speed", "速度") and (_PLAYBACK.search(description) or _PLAYBACK.search(tool_text)
                                     or _PLAYBACK.search(name_words) or schema.get("default") in (1, 1.0)
                                     and not isinstance(schema.get("default"), bool)):
        return True  # a playback speed of 1.3 is a multiplier, and so is a speed whose default is 1
    if kind == "distance" and (_ABSTRACT_SPACE.search(description) or _ABSTRACT_SPACE.search(tool_text)):
        return True  # a distance threshold between embeddings in a clustering tool
    if kind in ("length", "distance") and (_SCENE.search(fold_case(description)) or
                                           _SCENE.search(fold_case(tool_text))):
        return True  # a collider's radius in Unity, a search radius in a point cloud: the scene's own units
    if kind == "data" and _ABSTRACT_SPACE.search(name_words):
        return True  # `min_cluster_size`: a count of the points a cluster holds, no bytes
    if word == "rate" and not _PER_PERIOD.isdisjoint(own_tokens):
        return True  # `hourly_rate`: a price per hour, its time named; no percent, and the money is the caller's
    if word in ("amount", "金额") and kind == "money" and _AMOUNT_OF_EFFECT.search(description):
        return True  # the amount of an effect: a strength on a scale, a blend factor
    if kind == "data" and word == "size" and (_TEXT_STYLE.search(tool_text) or _TEXT_STYLE.search(description)):
        return True  # the size of styled text: a font size, not a file's
    if word in ("budget", "预算") and (_NOT_MONEY_BUDGET.search(description) or _NOT_MONEY_BUDGET.search(tool_text)):
        return True  # a performance budget in milliseconds, a thinking budget in tokens
    if kind == "weight" and (_RANGE.search(description) or _bounded(schema)):
        return True  # a weight on a stated 0-10 scale
    if kind in ("rate", "speed", "frequency", "length") and _small_range(description):
        return True  # "Border width (1-3)": a level on a small scale
    if kind in ("rate", "speed", "frequency", "length", "weight") and _LEVEL_RANGE.search(description):
        return True  # "Rotation speed 0-255": a motor's or a LED's level on a byte's scale, no physical unit
    if any(isinstance(schema.get(k), str) for k in ("unit", "units", "x-unit", "x-units")):
        return True  # the unit is written in a keyword of its own beside the description
    if word in ("rate", "速率") and _VITAL.search(f"{name_words} {description}"):
        return True  # heart, pulse and breathing rates are per minute by convention
    if word == "rate" and _fraction_examples(description):
        return True  # "e.g., 0.001, 0.01": the examples show a fraction, not a per-time rate
    if word in ("interval", "period", "间隔", "周期") and _BAR_UNIT.search(tool_text):
        return True  # the interval of a "minute chart" (분봉) counts minutes
    if word == "velocity" and _MUSIC.search(tool_text):
        return True  # MIDI note velocity, 0-127
    if word in ("radius", "depth", "半径") and (_HOPS.search(description) or _HOPS.search(tool_text)):
        return True  # a graph's radius around a node counts hops
    parent = getattr(node, "parent", None)
    if parent is not None and name_tokens(getattr(parent, "name", "") or "")[-1:] in (("weights",), ("weight",)):
        return True  # `ranking_weights.time_decay`: the weight of a part in a score, not a time nor a mass
    siblings = _sibling_names(node)
    sibling_tokens = {t for name in siblings for t in name_tokens(name)}
    if word == "interval" and sibling_tokens & _SPACING:
        return True  # `np.arange(start, stop, step)`: "Start of interval" bounds a range of numbers, no time
    if word == "rate" and (sibling_tokens & _LINE_ITEM or _PRICE_RATE.search(description)):
        return True  # `rate` beside `qty` in an order line, "default selling rate": a unit price in the document's currency
    if sibling_tokens & _UNIT_SIBLING or any(t in name for name in siblings if not name.isascii() for t in _CJK_UNIT_SIBLING):
        return True  # `amount` next to `from_currency`, `temperature` next to `unit`
    if own_tokens and any(name_tokens(name)[:-1] == own_tokens and name_tokens(name)[-1] in ("type", "kind")
                          for name in siblings):
        return True  # `width` next to `width_type` ("points", "percent"): the sibling picks the unit
    if kind in ("rate", "speed", "frequency", "weight", "length", "data") and _SCALE.search(description):
        return True  # "fan speed level from 1 to 5", "0-100 scale"
    if kind in ("rate", "speed", "frequency", "weight", "length") and schema.get("type") == "integer":
        top = schema.get("maximum")
        if isinstance(top, (int, float)) and not isinstance(top, bool) and top <= 10:
            return True  # a small integer range is a level
    if word in ("age", "年龄") and (_PERSON.search(description) or _PERSON_TOOL.search(tool_text)
                                   or sibling_tokens & _PERSON_SIBLINGS
                                   or not (_AGE_OF_DATA.search(description) or _AGE_OF_DATA.search(tool_text))):
        return True  # a person's (or an animal's) age, in years by convention; data ages are cache/file/token ages
    if kind == "data" and word in ("capacity", "size", "容量", "大小") and not (
            _DATA_CONTEXT.search(description) or _DATA_CONTEXT.search(tool_text)):
        return True  # the capacity of a theater, the size of a group: a count, not bytes
    first = set(name_tokens(tool_text.split(" ", 1)[0])[:1])
    if kind == "data" and own_tokens == ("size",) and _top_level(node) and (sibling_tokens & _PAGING or
                                                                            first & _SEARCH_VERBS):
        return True  # `search_logs(size)`, `size` beside `offset`: how many results, as search APIs name it
    if kind == "money" and (first & _FORMULA_VERBS or tool_text.startswith(("计算", "估算"))):
        return True  # a loan or tip formula: the answer is in the currency the caller used
    if kind in ("length", "distance") and (first & _FORMULA_VERBS or tool_text.startswith("计算")) and _GEOMETRY.search(tool_text):
        return True  # a side of a shape in a unit-free formula
    if kind == "length" and word in ("length", "长度") and (_TEXTUAL.search(description) or _TEXTUAL.search(tool_text)):
        return True  # the length of a password or a list is a count
    return False


def is_share_rate(word: str, tokens: tuple[str, ...], description: str, tool_text: str) -> bool:
    """`interest_rate`, `coupon_rate`, "年利率": a percentage or a fraction, where per-second units make no sense.
    A `rate` is per time only when the text speaks of things that flow (requests, samples, frames, bits)."""
    if word not in ("rate", "利率", "速率"):
        return False
    name = " ".join(tokens)
    if _SHARE_RATE.search(name):
        return True
    if _FLOW.search(name):
        return False  # `sample_rate`, `frame_rate`: per second, whatever the text says ("(default 48000)")
    if _SHARE_RATE.search(description):
        return True
    if _FLOW.search(description) or _FLOW.search(tool_text):
        return False
    return word != "速率"
