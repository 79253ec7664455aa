# The KIF export read back by an outside reader: tsshogi (npm), installed on first use into the
# build tree. Plays a few seeded random shogi games with `seireigi play --kif`, then checks with
# check_kif.mjs that tsshogi reads the same moves as the game records hold.
# Arguments: -DCLI=seireigi -DNODE=node -DNPM=npm -DWORK=dir -DSCRIPT=check_kif.mjs
file(MAKE_DIRECTORY "${WORK}")
if(NOT EXISTS "${WORK}/node_modules/tsshogi/package.json")
  execute_process(COMMAND "${NPM}" install --prefix "${WORK}" --no-audit --no-fund tsshogi@2
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    # Offline machines cannot fetch the reader: say so and skip, never pass silently.
    message("SKIPPED: cannot install the npm package tsshogi: ${err}")
    return()
  endif()
endif()
# Node finds packages next to the script, so the script runs from the install directory.
configure_file("${SCRIPT}" "${WORK}/check_kif.mjs" COPYONLY)

set(pairs "")
foreach(seed 1 2 3 4 5)
  math(EXPR other "${seed} + 100")
  execute_process(
    COMMAND "${CLI}" play --variant shogi --seat 1=random:${seed} --seat 2=random:${other}
            --color never --kif "${WORK}/game${seed}.kif" --autosave "${WORK}/game${seed}.game"
    INPUT_FILE /dev/null OUTPUT_QUIET RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "seireigi play failed for seed ${seed}")
  endif()
  list(APPEND pairs "${WORK}/game${seed}.kif" "${WORK}/game${seed}.game")
endforeach()
# A set-up position with pieces in hand and Gote to move: the KIF carries a board diagram.
execute_process(
  COMMAND "${CLI}" play --variant shogi --seat 1=random:3 --seat 2=random:4 --color never
          --position "lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p5P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL w Bb 10"
          --kif "${WORK}/diagram.kif" --autosave "${WORK}/diagram.game"
  INPUT_FILE /dev/null OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "seireigi play failed from a set-up position")
endif()
list(APPEND pairs "${WORK}/diagram.kif" "${WORK}/diagram.game")

execute_process(COMMAND "${NODE}" "${WORK}/check_kif.mjs" ${pairs}
                WORKING_DIRECTORY "${WORK}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tsshogi reads different moves from the KIF export")
endif()
