#include "position/move_kind.h"

namespace seireigi {

const char* move_kind_name(MoveKind k) {
    switch (k) {
        case MoveKind::Legal:
            return "legal";
        case MoveKind::Captures:
            return "captures";
        case MoveKind::Quiets:
            return "quiets";
        case MoveKind::Evasions:
            return "evasions";
        case MoveKind::Checks:
            return "checks";
    }
    return "?";
}

}  // namespace seireigi
