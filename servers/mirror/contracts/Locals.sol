// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// The oracle of the debugger's Locals scope: right after a local changes, an event carries its name and value, so a
/// test can check at every LOG step that the debugger shows that local with exactly the event's value. Each function
/// covers one way locals live on the stack: loops, nested blocks, shadowing, early returns, memory structs and arrays,
/// calldata slices, storage pointers, unchecked arithmetic, a modifier's local, an internal call feeding a local.
contract Locals {
    event U(string name, uint256 value);
    event I(string name, int256 value);
    event Flag(string name, bool value);
    event Who(string name, address value);
    event Text(string name, string value);
    event Raw(string name, bytes value);
    event Words(string name, uint256[] value);
    event Pt(string name, Point value);
    event Entry(string name, Item value);

    struct Point {
        uint256 x;
        int64 y;
        string label;
    }

    struct Item {
        uint128 amount;
        address owner;
        bool open;
    }

    mapping(uint256 => Item) internal items;
    uint256[] internal history;
    uint256 internal counter;

    modifier counted(uint256 by) {
        uint256 before = counter;
        emit U("before", before);
        counter = before + by;
        _;
    }

    function loops(uint256 n) external returns (uint256 total) {
        for (uint256 i = 0; i < n; i++) {
            emit U("i", i);
            total += i * 2;
            emit U("total", total);
            if (i % 2 == 0) {
                uint256 even = i * 10;
                emit U("even", even);
                {
                    uint256 inner = even + total;
                    emit U("inner", inner);
                }
            }
        }
        uint256 j = n;
        while (j > 0) {
            j--;
            emit U("j", j);
        }
        bool done = j == 0;
        emit Flag("done", done);
    }

    function shadowing(uint256 x) external returns (uint256) {
        uint256 y = x + 1;
        emit U("y", y);
        {
            uint256 y = x * 3;
            emit U("y", y);
            y += 1;
            emit U("y", y);
        }
        y += 100;
        emit U("y", y);
        return early(y) + early(x);
    }

    function early(uint256 v) internal returns (uint256 r) {
        if (v > 50) {
            uint256 big = v / 2;
            emit U("big", big);
            return big;
        }
        r = v + 7;
        emit U("r", r);
        address who = msg.sender;
        emit Who("who", who);
    }

    function memoryData(uint256 seed) external returns (uint256) {
        Point memory p = Point(seed, -3, "here");
        emit Pt("p", p);
        p.x += 1;
        p.label = "moved";
        emit Pt("p", p);
        uint256[] memory a = new uint256[](3);
        emit Words("a", a);
        a[1] = seed * 7;
        emit Words("a", a);
        string memory s = string.concat(p.label, "!");
        emit Text("s", s);
        bytes memory b = abi.encodePacked(uint16(seed));
        emit Raw("b", b);
        int256 neg = p.y * 2;
        emit I("neg", neg);
        uint256 n = norm(p);
        emit U("n", n);
        return a[1] + n;
    }

    function norm(Point memory q) internal returns (uint256 len) {
        emit Pt("q", q);
        len = q.x + bytes(q.label).length;
        emit U("len", len);
    }

    function slices(uint256[] calldata xs, bytes calldata data) external returns (uint256 sum) {
        uint256[] calldata head = xs[1:];
        emit Words("head", head);
        bytes calldata tail = data[2:];
        emit Raw("tail", tail);
        for (uint256 k = 0; k < head.length; k++) {
            sum += head[k];
            emit U("sum", sum);
        }
    }

    function pointers(uint256 key, uint128 amount) external counted(2) returns (uint256 length) {
        Item storage it = items[key];
        it.amount = amount;
        it.owner = msg.sender;
        emit Entry("it", it);
        it.open = true;
        emit Entry("it", it);
        history.push(amount);
        uint256[] storage h = history;
        emit Words("h", h);
        length = h.length;
        emit U("length", length);
    }

    function wrapping(uint8 start) external returns (uint256 got) {
        unchecked {
            uint8 w = start;
            w += 10;
            emit U("w", w);
            int8 m = -128;
            m--;
            emit I("m", m);
        }
        uint256 sq = square(start) + 1;
        emit U("sq", sq);
        got = sq;
        emit U("got", got);
    }

    function square(uint256 v) internal returns (uint256 r) {
        uint256 t = v * v;
        emit U("t", t);
        r = t;
        emit U("r", r);
    }
}
