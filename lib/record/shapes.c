/* shapes: an example of each game's move shape (shapes.h). */
#include "shapes.h"

const cv_move_shape cv_move_shapes[] = {
    { "level", "Star Trek Tri-D", "1. Qb9-b4(2) *", "Qb9-b4(2)", "", "Qb9-b4(2)" },
    { "parmen-star", "Tri-D, by Parmen", "1. Pb4xa3(5)!* *", "Pb4xa3(5)", "!*", "Pb4xa3(5)" },
    { "parmen-star", "Tri-D, by Parmen", "1. QL1-QL3* *", "QL1-QL3", "*", "QL1-QL3" },
    { "parmen-star", "Tri-D, after a check", "1. Re3xe6(4)+* *", "Re3xe6(4)", "+*", "Re3xe6(4)" },
    { "parmen-star", "Tri-D, after a promotion", "1. Pb2-b1(2)=Q+* *", "Pb2-b1(2)=Q", "+*", "Pb2-b1(2)=Q" },
    { "attack-board", "Tri-D, Romulan notation", "1. QL3-QL1=Q=N *", "QL3-QL1=Q=N", "", "QL3-QL1=Q=N" },
    { "level-castling", "Parallel Worlds", "1. 1O-O *", "1O-O", "", "1O-O" },
    { "level-castling", "Parallel Worlds", "1. 3o-o-o *", "3o-o-o", "", "3O-O-O" },
    { "long-castling", "Double Chess", "1. O-O-O-O-O *", "O-O-O-O-O", "", "O-O-O-O-O" },
};
const size_t cv_move_nshapes = sizeof cv_move_shapes / sizeof cv_move_shapes[0];
