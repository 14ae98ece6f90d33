// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// Modifiers with arguments and locals, before and after their `_`, and a constructor with arguments and a local.
/// Like Locals.sol, right after a local (or a modifier's argument) is set, an event carries its name and value: the
/// debugger's Locals oracle. The debugger shows each modifier as a frame of its own (`onlyRole(bytes32)` above
/// `Guarded.raise` while the modifier runs, below it while the body runs).
contract Guarded {
    event U(string name, uint256 value);
    event Id(string name, bytes32 value);

    bytes32 public constant KEEPER = keccak256("KEEPER");
    uint256 internal level = 10;

    modifier onlyRole(bytes32 role) {
        emit Id("role", role);
        require(role == KEEPER, "missing role");
        _;
    }

    modifier whenAbove(uint256 min) {
        uint256 seen = level + 1;
        emit U("seen", seen);
        require(seen > min, "too low");
        _;
        uint256 rise = level - seen;
        emit U("rise", rise);
    }

    function raise(uint256 by) external onlyRole(KEEPER) whenAbove(by / 2) returns (uint256 next) {
        next = level + by;
        emit U("next", next);
        level = next;
    }

    function spawn(uint256 start) external returns (address) {
        return address(new Spawned(start, KEEPER));
    }
}

/// Created by Guarded.spawn: its constructor's arguments come from the end of its init code, not from calldata.
contract Spawned {
    event U(string name, uint256 value);
    event Id(string name, bytes32 value);

    uint256 public total;

    constructor(uint256 start, bytes32 tag) {
        emit U("start", start);
        uint256 doubled = start * 2;
        emit U("doubled", doubled);
        bytes32 mixed = keccak256(abi.encode(tag, doubled));
        emit Id("mixed", mixed);
        total = doubled + 1;
    }
}
